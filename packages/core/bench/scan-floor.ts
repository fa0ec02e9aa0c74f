// The "scan floor": the least any scanner of RFC 8141 §2 must do, reading every character code
// and classifying it with one table lookup. Parsers are compared with it to see what they spend
// beyond that.

import { defineCase } from "./suite.js";

/** A class per UTF-16 code unit, like the parser's own tables: no range check needed. */
const CLASSES = new Uint8Array(0x10000);
for (const c of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@") {
  CLASSES[c.charCodeAt(0)] = 1;
}

/** Sums the classes of every character; the sum is returned so the loop is not dead code. */
function scanFloor(s: string): number {
  let sum = 0;
  for (let i = 0; i < s.length; i++) sum += CLASSES[s.charCodeAt(i)] as number;
  return sum;
}

export const scanFloorCase = defineCase<string, number>({
  name: "scan floor",
  fn: scanFloor,
  verify: (s, sum) => {
    if (sum > s.length) throw new Error(`sum ${sum} exceeds the length`);
  },
});
