// Every command that takes --db finds the registry the same way: --db, else URNKIT_DB, else
// data/urnkit.db (the file `npm start` serves), and its help says so; one that reads or changes a
// registry refuses a missing file, saying there is none at that path and how to make one. Seen
// before: `serve` defaulted to data/urnkit.db while `token list` required --db, and `namespace
// create --help` printed `(default: "must exist", env: URNKIT_DB)`.

import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { leafCommands } from "./program-commands.js";
import { jsonLines, run } from "./run-cli.js";

/** The commands that open a registry, worked out from what each does. */
const REGISTRY_COMMANDS = [
  "export",
  "harvest",
  "import",
  "init",
  "links check",
  "namespace create",
  "namespace list",
  "namespace update",
  "organisation create",
  "organisation list",
  "organisation update",
  "prefix create",
  "prefix list",
  "prefix update",
  "resolve",
  "serve",
  "token create",
  "token list",
  "token revoke",
  "verify",
];

describe("--db: one default for every command", () => {
  it("every command with --db, and only those, shows the same default and variable", async () => {
    const withDb: string[] = [];
    for (const { words, help } of await leafCommands()) {
      if (!/--db </.test(help)) continue;
      withDb.push(words.join(" "));
      assert.match(
        help.replace(/\s+/g, " "),
        /--db <file\|url> the registry: a SQLite database file, or a postgres:\/\/ URL \(default: "data\/urnkit\.db", env: URNKIT_DB\)/,
        `${words.join(" ")} --help`,
      );
    }
    assert.deepEqual(withDb.sort(), REGISTRY_COMMANDS);
  });
});

describe("--db left out, in a directory without a registry", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-default-db-"));
  const home = process.cwd();
  const fromEnvironment = process.env.URNKIT_DB;
  before(() => {
    delete process.env.URNKIT_DB;
    process.chdir(dir);
  });
  after(() => {
    process.chdir(home);
    if (fromEnvironment !== undefined) process.env.URNKIT_DB = fromEnvironment;
    rmSync(dir, { recursive: true, force: true });
  });

  const readers: string[][] = [
    ["token", "list"],
    ["token", "create", "--role", "admin"],
    ["token", "revoke", "1"],
    ["export"],
    ["namespace", "create", "nbn"],
    ["namespace", "update", "nbn", "--max-age", "60"],
    ["namespace", "list"],
    ["organisation", "create", "bsz", "--name", "Library Service Centre"],
    ["organisation", "update", "bsz", "--inactive"],
    ["organisation", "list"],
    ["prefix", "create", "urn:nbn:de:bsz:14-", "--organisation", "bsz"],
    ["prefix", "update", "urn:nbn:de:bsz:14-", "--modes", "resolver"],
    ["prefix", "list"],
    ["harvest", "--list"],
    ["links", "check"],
    ["verify"],
  ];
  for (const args of readers) {
    it(`${args.join(" ")}: no database at data/urnkit.db, and how to make one`, async () => {
      const r = await run(args);
      assert.equal(r.code, 2, r.stderr);
      assert.equal(r.stdout, "");
      assert.equal(
        r.stderr,
        "error: no database at data/urnkit.db (the default; name another with --db or URNKIT_DB): " +
          `the directory ${join(dir, "data")} does not exist either. Check the path; to make a new ` +
          "registry there, run `urnkit init --db data/urnkit.db` (or `urnkit serve --db " +
          "data/urnkit.db --create`)\n(add --help for usage)\n",
      );
      assert.deepEqual(readdirSync(dir), [], "nothing made");
    });
  }

  it("URNKIT_DB names it when --db does not, and is named in the refusal", async () => {
    process.env.URNKIT_DB = "elsewhere.db";
    try {
      const r = await run(["token", "list"]);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /^error: no database at elsewhere\.db \(from URNKIT_DB\)\. Check/);
    } finally {
      delete process.env.URNKIT_DB;
    }
  });

  it("resolve without a registry there asks the public resolvers only", async () => {
    const r = await run(["resolve", "--json", "urn:example:a"]);
    assert.equal(r.code, 1, "nobody resolves urn:example:");
    assert.deepEqual(
      jsonLines(r.stdout).map((x) => (x as { registry: unknown }).registry),
      [null],
    );
  });

  it("init makes data/urnkit.db; token list, namespace and resolve then use it", async () => {
    const init = await run(["init"]);
    assert.equal(init.code, 0, init.stderr);
    assert.match(init.stdout, /^created registry data\/urnkit\.db\n/);
    assert.ok(existsSync(join(dir, "data", "urnkit.db")));

    const tokens = await run(["token", "list", "--json"]);
    assert.equal(tokens.code, 0, tokens.stderr);
    assert.deepEqual(
      jsonLines(tokens.stdout).map((t) => (t as { id: number; role: string }).role),
      ["admin"],
      "the one token init made",
    );

    assert.equal((await run(["namespace", "create", "example", "--local"])).code, 0);
    assert.equal((await run(["namespace", "list"])).stdout, "example\tlocal\t-\n");
    const resolved = await run(["resolve", "--json", "urn:example:a"]);
    assert.deepEqual(
      jsonLines(resolved.stdout).map((x) => (x as { registry: unknown }).registry),
      [{ source: "db", outcome: "not-registered", location: null }],
    );
  });
});
