// The line reader every command shares: terminators, a missing final newline, a byte order mark,
// and lines split across chunk (and UTF-8 byte) boundaries.

import assert from "node:assert/strict";
import { Readable } from "node:stream";
import { test } from "node:test";
import { inputLines } from "../src/input-lines.js";

async function lines(chunks: (string | Buffer)[]): Promise<string[]> {
  const out: string[] = [];
  for await (const line of inputLines(Readable.from(chunks.map((c) => Buffer.from(c))))) {
    out.push(line);
  }
  return out;
}

test("LF, CRLF and a lone CR end a line; the terminator is not part of it", async () => {
  assert.deepEqual(await lines(["a\nb\r\nc\rd\n"]), ["a", "b", "c", "d"]);
});

test("a last line without a terminator is a line; a final terminator adds none", async () => {
  assert.deepEqual(await lines(["a\nb"]), ["a", "b"]);
  assert.deepEqual(await lines(["a\n"]), ["a"]);
  assert.deepEqual(await lines([""]), []);
});

test("empty lines are kept", async () => {
  assert.deepEqual(await lines(["\n\na\n\n"]), ["", "", "a", ""]);
});

test("a byte order mark is dropped at the start only", async () => {
  assert.deepEqual(await lines(["\ufeffa\n\ufeffb\n"]), ["a", "\ufeffb"]);
});

test("a CRLF and a UTF-8 sequence split across chunks", async () => {
  const e = Buffer.from("é"); // two bytes: C3 A9
  assert.deepEqual(
    await lines([
      Buffer.from("a\r"),
      Buffer.concat([Buffer.from("\nb"), e.subarray(0, 1)]),
      e.subarray(1),
    ]),
    ["a", "bé"],
  );
});
