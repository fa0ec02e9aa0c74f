// The READMEs list every command the program has, so that the list stays complete. Seen before:
// README.md's list stopped at `export` (no resolve, resolvers, init, namespace, organisation,
// prefix, harvest or links) and the command line's README showed an old `urnkit --help`.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { describe, it } from "node:test";
import { topLevelCommands } from "./program-commands.js";
import { run } from "./run-cli.js";

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), "utf8");

/** The `names` in backticks in a piece of Markdown, in order. */
const codeSpans = (text: string) => [...text.matchAll(/`([a-z][a-z-]*)`/g)].map((m) => m[1]);

describe("the READMEs list every command", () => {
  it("README.md: the urnkit row of the package table, in help order", async () => {
    const row = read("README.md")
      .split("\n")
      .find((line) => line.startsWith("| [`urnkit`]"));
    assert.ok(row, "README.md has a row for the urnkit package");
    const listed = codeSpans(row.slice(row.indexOf("The command line:")));
    assert.deepEqual(listed, await topLevelCommands());
  });

  it("packages/cli/README.md: the command table names each command once", async () => {
    const readme = read("packages/cli/README.md");
    const table = readme.slice(readme.indexOf("| command | what it does |"));
    const rows = table.slice(0, table.indexOf("\n\n")).split("\n").slice(2);
    const listed = rows.flatMap((row) => codeSpans(row.split(" | ")[0] ?? ""));
    assert.deepEqual(listed, await topLevelCommands());
  });

  it("packages/cli/README.md: its `urnkit --help` is the program's", async () => {
    const readme = read("packages/cli/README.md");
    const start = readme.indexOf("$ npx urnkit --help\n") + "$ npx urnkit --help\n".length;
    const shown = readme.slice(start, readme.indexOf("```", start));
    assert.equal(shown, (await run(["--help"])).stdout);
  });
});
