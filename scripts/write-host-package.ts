// `node --import tsx scripts/write-host-package.ts <release dir>`, run by scripts/release.sh after
// `npm pack`: writes <release dir>/package.json for the tarballs there (host-package.ts says what
// goes in it). Fails when a package's tarball is missing.

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostPackage } from "./host-package.js";

const out = process.argv[2];
if (out === undefined) throw new Error("usage: write-host-package.ts <release dir>");
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8"));

const dependencies: Record<string, string> = {};
for (const dir of ["core", "namespaces", "server", "cli"]) {
  const { name, version } = readJson(`packages/${dir}/package.json`);
  const file = `${name.replace(/^@/, "").replace("/", "-")}-${version}.tgz`;
  if (!readdirSync(out).includes(file)) throw new Error(`npm pack made no ${file} in ${out}`);
  dependencies[name] = `file:${file}`;
}
const host = hostPackage(
  readJson("package.json"),
  readJson("packages/cli/package.json"),
  dependencies,
);
writeFileSync(`${out}/package.json`, `${JSON.stringify(host, null, 2)}\n`);
