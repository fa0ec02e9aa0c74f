// `node .ci/host-engines.js <host dir>`, run by release-check.sh after `npm ci --omit=dev`: every
// package installed on the host must run on the oldest Node.js urnkit supports (engines.node of
// packages/cli/package.json, e.g. ">=20" → 20.0.0), whichever Node.js runs the check (npm warns
// EBADENGINE only against the running one). Prints each package that requires more and exits 1.

import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

const repo = new URL("..", import.meta.url);
const semver = createRequire(new URL("package.json", repo))("semver");
const host = process.argv[2];
if (host === undefined) throw new Error("usage: node .ci/host-engines.js <host dir>");

const supported = JSON.parse(readFileSync(new URL("packages/cli/package.json", repo), "utf8"))
  .engines.node;
const oldest = semver.minVersion(supported).version;

/** Every package directory under a node_modules directory, nested ones included. */
function* packages(nodeModules) {
  let entries;
  try {
    entries = readdirSync(nodeModules, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    const dir = join(nodeModules, entry.name);
    if (entry.name.startsWith("@")) {
      for (const scoped of readdirSync(dir, { withFileTypes: true }))
        if (scoped.isDirectory()) yield join(dir, scoped.name);
    } else yield dir;
  }
}

const refused = [];
const seen = new Set();
const pending = [join(host, "node_modules")];
while (pending.length > 0) {
  for (const dir of packages(pending.pop())) {
    if (seen.has(dir)) continue;
    seen.add(dir);
    pending.push(join(dir, "node_modules"));
    let manifest;
    try {
      manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    } catch {
      continue;
    }
    const range = manifest.engines?.node;
    if (typeof range === "string" && !semver.satisfies(oldest, range))
      refused.push(`${manifest.name}@${manifest.version} requires node ${range}`);
  }
}
if (refused.length > 0) {
  console.error(`not every installed package runs on Node.js ${oldest} (urnkit: ${supported}):`);
  for (const line of refused) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`${seen.size} installed packages: every one runs on Node.js ${oldest}`);
