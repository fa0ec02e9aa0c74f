// What each package's tarball holds (issue 17, item 9), read from `npm pack --dry-run`: the built
// JavaScript and declarations, README, LICENSE and package.json, and nothing of the sources, tests,
// source maps or build state, except the web UI's assets, which the server reads at run time.
// Every entry point the package.json names is in it.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";

interface Packed {
  name: string;
  files: { path: string }[];
}

const root = new URL("../../../", import.meta.url);
const packed: Packed[] = JSON.parse(
  execFileSync("npm", ["pack", "--dry-run", "--json", "--workspaces"], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
  }),
);
const DIRS: Record<string, string> = {
  "@urnkit/core": "core",
  "@urnkit/namespaces": "namespaces",
  "@urnkit/server": "server",
  urnkit: "cli",
};
const license = readFileSync(new URL("LICENSE", root), "utf8");

/** Every file an entry of package.json points at (main, types, bin, exports), without "./". */
function entryPoints(pkg: Record<string, unknown>): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") found.push(value.replace(/^\.\//, ""));
    else if (value !== null && typeof value === "object") Object.values(value).forEach(walk);
  };
  for (const field of ["main", "types", "bin", "exports"]) walk(pkg[field]);
  return found;
}

describe("package tarballs (npm pack --dry-run)", () => {
  it("packs the four workspaces", () => {
    assert.deepEqual(packed.map((p) => p.name).sort(), Object.keys(DIRS).sort());
  });

  for (const { name, files } of packed) {
    const dir = DIRS[name] as string;
    const paths = files.map((f) => f.path);
    const pkg = JSON.parse(
      readFileSync(new URL(`packages/${dir}/package.json`, root), "utf8"),
    ) as Record<string, unknown>;

    it(`${name}: README, LICENSE (the project's MIT text), package.json`, () => {
      for (const file of ["README.md", "LICENSE", "package.json"]) assert.ok(paths.includes(file));
      assert.equal(readFileSync(new URL(`packages/${dir}/LICENSE`, root), "utf8"), license);
      assert.equal(pkg.license, "MIT");
      assert.ok(Array.isArray(pkg.keywords) && pkg.keywords.includes("urn"));
    });

    it(`${name}: no sources, tests, source maps or build state`, () => {
      const allowedSources =
        name === "@urnkit/server" ? /^src\/ui\/assets\/(ui\.(css|js)|favicon\.(ico|svg))$/ : /^$/;
      for (const path of paths) {
        assert.doesNotMatch(path, /\.map$|tsbuildinfo|^(test|bench|scripts)\//, path);
        if (path.startsWith("src/")) assert.match(path, allowedSources, path);
        if (path.endsWith(".ts")) assert.match(path, /\.d\.ts$/, path);
      }
    });

    it(`${name}: every entry point of package.json is packed`, () => {
      for (const entry of entryPoints(pkg)) assert.ok(paths.includes(entry), entry);
    });
  }

  it("core and namespaces carry their CommonJS build, marked as such", () => {
    for (const name of ["@urnkit/core", "@urnkit/namespaces"]) {
      const paths = packed.find((p) => p.name === name)?.files.map((f) => f.path) ?? [];
      for (const file of ["dist/cjs/package.json", "dist/cjs/index.js", "dist/cjs/index.d.ts"])
        assert.ok(paths.includes(file), `${name} ${file}`);
    }
  });
});
