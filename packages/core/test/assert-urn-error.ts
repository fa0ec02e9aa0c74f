// One check for every UrnSyntaxError a table expects: thrown, returned by URN.validate, or caught.

import assert from "node:assert/strict";
import { UrnSyntaxError } from "../src/index.js";
import type { ExpectedError } from "./vectors.js";

/** `error` is a UrnSyntaxError (and so a SyntaxError) with exactly the expected fields. */
export function assertUrnError(
  error: unknown,
  expected: Partial<ExpectedError>,
  input: string,
): asserts error is UrnSyntaxError {
  assert.ok(error instanceof UrnSyntaxError, `expected a UrnSyntaxError, got ${String(error)}`);
  assert.ok(error instanceof SyntaxError);
  assert.equal(error.name, "UrnSyntaxError");
  const actual: Partial<ExpectedError> = {};
  if (expected.code !== undefined) actual.code = error.code;
  if (expected.index !== undefined) actual.index = error.index;
  if (expected.component !== undefined) actual.component = error.component;
  assert.deepEqual(actual, expected);
  assert.equal(error.input, input);
  assert.ok(error.message.length > 0);
}

/** Runs `fn`, which must throw; returns what it threw. */
export function thrownBy(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail("expected an exception");
}
