// The command line as a whole (DESIGN.md "The command line"): --help and --version, usage errors
// (exit 2, a message, never a stack trace), colours only on a TTY and never with NO_COLOR, a
// reader that goes away, and the installed bin.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable, Writable } from "node:stream";
import { describe, test } from "node:test";
import { promisify } from "node:util";
import { main } from "../src/main.js";
import { run } from "./run-cli.js";

const ESC = "\u001b[";
const STACK = /\n\s+at /;

/** Every command and subcommand, as typed. */
const COMMANDS = [
  "parse",
  "normalize",
  "equal",
  "encode",
  "decode",
  "extract",
  "check",
  "namespaces",
  "resolve",
  "resolvers",
  "resolvers list",
  "resolvers check",
  "template",
  "template check",
  "template new",
  "init",
  "serve",
  "namespace",
  "namespace create",
  "namespace update",
  "namespace list",
  "organisation",
  "organisation create",
  "organisation update",
  "organisation list",
  "prefix",
  "prefix create",
  "prefix update",
  "prefix list",
  "token",
  "token create",
  "token list",
  "token revoke",
  "import",
  "export",
  "copy",
  "harvest",
  "links",
  "links check",
];

describe("help and version", () => {
  for (const command of COMMANDS) {
    test(`${command} --help: usage, exit status and examples, exit 0`, async () => {
      const r = await run([...command.split(" "), "--help"]);
      assert.equal(r.code, 0);
      assert.match(r.stdout, new RegExp(`Usage: urnkit ${command}`));
      assert.match(r.stdout, /Examples:\n {2}\$ urnkit /);
      assert.match(r.stdout, /Exit status: 0/);
      // commander wraps at 80 columns when it is not writing to a terminal.
      for (const line of r.stdout.split("\n")) assert.ok(line.length <= 100, line);
    });
  }

  test("--help lists every command, with examples and the exit status", async () => {
    const r = await run(["--help"]);
    assert.equal(r.code, 0);
    for (const command of COMMANDS.filter((c) => !c.includes(" ")))
      assert.match(r.stdout, new RegExp(`^  ${command} `, "m"));
    assert.match(r.stdout, /Examples:\n {2}\$ urnkit /);
    assert.match(r.stdout, /Exit status: 0 all good, 1 some input invalid, 2 usage or I\/O error/);
  });

  test("help <command> and help: exit 0", async () => {
    const r = await run(["help", "equal"]);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: urnkit equal/);
    assert.equal((await run(["help"])).code, 0);
  });

  test("--version prints the package version", async () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const r = await run(["--version"]);
    assert.equal(r.code, 0);
    assert.equal(r.stdout, `${pkg.version}\n`);
  });
});

describe("usage errors exit 2 with a message and no stack trace", () => {
  const cases: [string, string[], RegExp][] = [
    ["a bad --syntax value", ["parse", "--syntax", "rfc3986", "urn:a:b"], /rfc8141, rfc2141/],
    ["an unknown option", ["parse", "--jsn"], /unknown option '--jsn'/],
    ["a missing argument", ["equal", "urn:example:a"], /missing required argument 'b'/],
    ["a third argument", ["equal", "urn:example:a", "urn:example:b", "urn:example:c"], /too many/],
    ["an unknown command", ["pasre"], /unknown command 'pasre'/],
    ["no command", [], /Usage: urnkit/],
    ["arguments and --input", ["parse", "-i", "x.txt", "urn:example:a"], /not both/],
    ["check: --syntax both is parse's only", ["check", "--syntax", "both", "urn:a:b"], /choices/],
    ["normalize: an unknown option", ["normalize", "--json"], /unknown option '--json'/],
    ["extract: a bad --syntax", ["extract", "--syntax", "x"], /rfc8141, rfc2141/],
    ["namespaces: two NIDs", ["namespaces", "isbn", "issn"], /too many arguments/],
    ["template without a subcommand", ["template"], /Usage: urnkit template/],
    ["template check without a file", ["template", "check"], /missing required argument/],
    ["token without a subcommand", ["token"], /Usage: urnkit token/],
    [
      "token create on a missing database",
      ["token", "create", "--role", "admin", "--db", "no/such.db"],
      /no database at no\/such\.db/,
    ],
    ["serve: a port out of range", ["serve", "--port", "65536"], /--port must be 0 to 65535/],
    ["import without a file", ["import", "--db", "x.db"], /missing required argument 'file'/],
    // Without --db, data/urnkit.db (db-default.test.ts).
    ["export from a missing database", ["export", "--db", "no/such.db"], /no database at no/],
  ];
  for (const [name, args, message] of cases) {
    test(name, async () => {
      const r = await run(args);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, STACK);
    });
  }
});

describe("I/O errors exit 2 with the system's message and no stack trace", () => {
  const missing = join(tmpdir(), "urnkit-cli-test-no-such-file");
  const cases: [string, string[]][] = [
    ["parse --input", ["parse", "-i", missing]],
    ["normalize --input", ["normalize", "-i", missing]],
    ["check --input", ["check", "--json", "-i", missing]],
    ["extract", ["extract", missing]],
    ["template check", ["template", "check", missing]],
    ["import", ["import", missing, "--db", `${missing}.db`]],
  ];
  for (const [name, args] of cases) {
    test(name, async () => {
      const r = await run(args);
      assert.equal(r.code, 2);
      assert.equal(r.stdout, "");
      assert.match(r.stderr, /^urnkit: .*ENOENT/);
      assert.doesNotMatch(r.stderr, STACK);
      assert.equal(existsSync(`${missing}.db`), false, "nothing is created");
    });
  }
});

describe("colours", () => {
  test("on a TTY", async () => {
    const r = await run(["parse", "urn:example:a"], { tty: true });
    assert.ok(r.stdout.includes(ESC));
  });

  test("never with NO_COLOR set, even on a TTY", async () => {
    const r = await run(["parse", "urn:example:a?b"], { tty: true, env: { NO_COLOR: "1" } });
    assert.ok(!r.stdout.includes(ESC));
    const e = await run(["equal", "urn:example:a", "x"], { tty: true, env: { NO_COLOR: "1" } });
    assert.ok(!e.stderr.includes(ESC));
  });

  test("an empty NO_COLOR does not count (no-color.org)", async () => {
    const r = await run(["parse", "urn:example:a"], { tty: true, env: { NO_COLOR: "" } });
    assert.ok(r.stdout.includes(ESC));
  });

  test("never when not a TTY", async () => {
    const r = await run(["parse", "urn:example:a", "x"]);
    assert.ok(!r.stdout.includes(ESC));
  });

  test("FORCE_COLOR=1 turns them on when not a TTY (| less -R), on both streams", async () => {
    const r = await run(["parse", "urn:example:a", "x"], { env: { FORCE_COLOR: "1" } });
    assert.ok(r.stdout.includes(ESC));
    const e = await run(["equal", "urn:example:a", "x"], { env: { FORCE_COLOR: "1" } });
    assert.ok(e.stderr.includes(ESC));
  });

  test("FORCE_COLOR wins over NO_COLOR; 0, false and empty do not force", async () => {
    const both = { FORCE_COLOR: "3", NO_COLOR: "1" };
    assert.ok((await run(["parse", "urn:example:a"], { env: both })).stdout.includes(ESC));
    for (const value of ["0", "false", ""]) {
      const pipe = await run(["parse", "urn:example:a"], { env: { FORCE_COLOR: value } });
      assert.ok(!pipe.stdout.includes(ESC), value);
    }
    const off = await run(["parse", "urn:example:a"], { tty: true, env: { FORCE_COLOR: "0" } });
    assert.ok(!off.stdout.includes(ESC), "0 turns them off on a TTY too");
  });
});

describe("an I/O error names the file", () => {
  const dir = tmpdir();
  for (const args of [
    ["check", "-i", dir],
    ["parse", "--input", dir],
    ["extract", dir],
    ["template", "check", dir],
    ["import", dir, "--db", join(dir, "urnkit-cli-test-never-made.db")],
  ]) {
    test(`urnkit ${args.join(" ")}`, async () => {
      const r = await run(args);
      assert.equal(r.code, 2);
      assert.equal(
        r.stderr,
        `urnkit: cannot read ${dir}: EISDIR: illegal operation on a directory\n`,
      );
    });
  }

  test("a missing file is named once", async () => {
    const missing = join(tmpdir(), "urnkit-cli-test-no-such-file");
    const r = await run(["check", "-i", missing]);
    assert.equal(r.stderr, `urnkit: cannot read ${missing}: ENOENT: no such file or directory\n`);
  });
});

describe("output streams", () => {
  test("a slow reader gets every line, in order (backpressure)", async () => {
    const count = 20_000;
    const input = Array.from({ length: count }, (_, i) => `urn:example:${i}`).join("\n");
    const chunks: string[] = [];
    const stdout = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        setImmediate(done);
      },
    });
    const stderr = new Writable({ write: (_c, _e, done) => done() });
    const code = await main(["normalize"], {
      stdin: Readable.from([input]),
      stdout,
      stderr,
      env: {},
    });
    assert.equal(code, 0);
    const lines = chunks.join("").split("\n");
    assert.equal(lines.length, count + 1);
    assert.equal(lines[count - 1], `urn:example:${count - 1}`);
  });

  test("an output closed without an error ends the run with exit 2 instead of hanging", async () => {
    const stdout: Writable = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, done) {
        done();
        stdout.destroy();
      },
    });
    const errors: string[] = [];
    const stderr = new Writable({
      write(chunk: Buffer, _encoding, done) {
        errors.push(chunk.toString());
        done();
      },
    });
    const code = await main(["normalize"], {
      stdin: Readable.from(["urn:example:a\n".repeat(50_000)]),
      stdout,
      stderr,
      env: {},
    });
    assert.equal(code, 2);
    assert.match(errors.join(""), /closed/);
  });

  test("lines are written as input arrives, not held until it ends", {
    timeout: 5000,
  }, async () => {
    const stdin = new PassThrough();
    const seen: string[] = [];
    let written: () => void = () => {};
    const stdout = new Writable({
      write(chunk: Buffer, _encoding, done) {
        seen.push(chunk.toString());
        written();
        done();
      },
    });
    const stderr = new Writable({ write: (_c, _e, done) => done() });
    const running = main(["normalize"], { stdin, stdout, stderr, env: {} });
    const first = new Promise<void>((resolve) => {
      written = resolve;
    });
    stdin.write("URN:Example:a\n");
    await first; // would time out if output waited for the end of input
    assert.equal(seen.join(""), "urn:example:a\n");
    stdin.end("URN:Example:b\n");
    assert.equal(await running, 0);
    assert.equal(seen.join(""), "urn:example:a\nurn:example:b\n");
  });

  test("a reader that went away (EPIPE) ends the run with exit 2, quietly", async () => {
    const stdout = new Writable({
      write(_chunk, _encoding, done) {
        done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
      },
    });
    const errors: string[] = [];
    const stderr = new Writable({
      write(chunk: Buffer, _encoding, done) {
        errors.push(chunk.toString());
        done();
      },
    });
    const lines = "urn:example:a\n".repeat(50_000);
    const code = await main(["parse", "--json"], {
      stdin: Readable.from([lines]),
      stdout,
      stderr,
      env: {},
    });
    assert.equal(code, 2);
    assert.deepEqual(errors, []);
  });
});

test("help written to a closed pipe (urnkit --help | head -1) does not crash", async () => {
  const stdout = new Writable({
    write(_chunk, _encoding, done) {
      done(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    },
  });
  const stderr = new Writable({ write: (_c, _e, done) => done() });
  const code = await main(["--help"], { stdin: Readable.from([]), stdout, stderr, env: {} });
  assert.equal(code, 0);
  // The failed write's "error" event fires on a later tick; it must find a listener.
  await new Promise((resolve) => setImmediate(resolve));
});

test("reading a terminal: a hint on stderr says where input is expected", async () => {
  const stdin = Object.assign(Readable.from([Buffer.from("urn:example:a\n")]), { isTTY: true });
  const r = await run(["parse", "--json"], { stdin });
  assert.equal(r.code, 0);
  assert.match(r.stderr, /reading URNs from standard input/);
  // Not when the URNs are arguments, nor when input is a pipe.
  assert.equal((await run(["parse", "urn:example:a"])).stderr, "");
  assert.equal((await run(["parse"], { stdin: "urn:example:a\n" })).stderr, "");
});

describe("the bin", () => {
  const bin = new URL("../bin/urnkit.js", import.meta.url).pathname;
  const exec = promisify(execFile);

  test("node bin/urnkit.js parse --json: exit 0 and the JSON line", async () => {
    const { stdout } = await exec(process.execPath, [bin, "parse", "--json", "urn:example:a"]);
    assert.equal(JSON.parse(stdout).equivalenceKey, "urn:example:a");
  });

  test("its exit code is main's: 1 for an invalid URN read from stdin", async () => {
    const child = execFile(process.execPath, [bin, "parse"]);
    child.stdin?.end("urn:example:a\nnot-a-urn\n");
    const code = await new Promise((resolve) => child.on("exit", resolve));
    assert.equal(code, 1);
  });
});
