#!/usr/bin/env bash
# `npm run release`: what a production host installs, in release/: the four packages as npm
# tarballs (built JavaScript, no sources, no dev tools), and a package.json with its lock file that
# depends on exactly those tarballs. On the host, `npm ci --omit=dev` in a copy of release/
# installs urnkit and its run-time dependencies only (docs/deploy.md, step 1).
set -euo pipefail
cd "$(dirname "$0")/.."

out=release
rm -rf "$out"
mkdir -p "$out"
npm run build --silent
npm pack --workspaces --pack-destination "$out" --silent >/dev/null

# The host's package.json: every @urnkit package from its tarball, so that npm never looks for
# them in a registry; their own dependencies come from the registry, pinned by the lock below.
node --input-type=module - "$out" <<'JS'
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
const out = process.argv[2];
const cli = JSON.parse(readFileSync("packages/cli/package.json", "utf8"));
const dependencies = {};
for (const dir of ["core", "namespaces", "server", "cli"]) {
  const { name, version } = JSON.parse(readFileSync(`packages/${dir}/package.json`, "utf8"));
  const file = `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
  if (!readdirSync(out).includes(file)) throw new Error(`npm pack made no ${file}`);
  dependencies[name] = `file:${file}`;
}
const host = {
  name: "urnkit-host",
  version: cli.version,
  private: true,
  description: `urnkit ${cli.version} as installed on a host: npm ci --omit=dev, then node_modules/.bin/urnkit`,
  license: "MIT",
  engines: cli.engines,
  dependencies,
};
writeFileSync(`${out}/package.json`, `${JSON.stringify(host, null, 2)}\n`);
JS

(cd "$out" && npm install --package-lock-only --omit=dev --no-audit --no-fund --silent)
ls -1 "$out"
