// Untrusted input shown on a terminal: controls and bidi formatting characters escaped, every
// other character (letters of any script, emoji) as itself.

import assert from "node:assert/strict";
import { test } from "node:test";
import { shownInput, visible } from "../src/display-text.js";

test("C0 controls, DEL and C1 controls are escaped", () => {
  assert.equal(visible("a\tb\nc\rd"), "a\\tb\\nc\\rd");
  assert.equal(visible("x\u001b[31my"), "x\\x1B[31my");
  assert.equal(visible("\u0000\u007f\u0085"), "\\x00\\x7F\\x85");
});

test("bidirectional formatting characters and line separators are escaped", () => {
  assert.equal(visible("urn:x:\u202eabc"), "urn:x:\\u202Eabc");
  assert.equal(visible("\u2066\u200f\u2028"), "\\u2066\\u200F\\u2028");
});

test("a lone surrogate is escaped, a pair is not", () => {
  assert.equal(visible("a\ud800b"), "a\\uD800b");
  assert.equal(visible("a\u{1f600}b"), "a\u{1f600}b");
});

test("printable text of any script is left alone, the same string when nothing changes", () => {
  const text = "urn:example:а123 日本 é";
  assert.equal(visible(text), text);
});

test("an empty input is shown as (empty)", () => {
  assert.equal(shownInput(""), "(empty)");
  assert.equal(shownInput("\t"), "\\t");
});
