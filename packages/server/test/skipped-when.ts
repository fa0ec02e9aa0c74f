// Suites that need what a machine may lack (a PostgreSQL server, an OAI-PMH peer, the published
// XSDs, chromium). node:test reports a skipped `describe` as a suite and never counts its tests, so
// `npm test` without PostgreSQL said "skipped 2" while 22 suites were skipped. Inside such a suite,
// `skippedWhen(reason)` gives an `it` that passes `{ skip: reason }` to each test, so that the
// runner counts every one of them, and hooks that do not run while the suite is skipped (there is
// nothing to set up). A reason is what node:test's `skip` takes: a string or true skips, false or
// undefined does not; then they are node:test's own.

import * as nodeTest from "node:test";

type Hook = typeof nodeTest.before;

/** Why a suite is skipped (node:test's `skip`): a string or true skips it, false or undefined not. */
export type SkipReason = string | boolean | undefined;

export interface SkippableSuite {
  it(name: string, fn: nodeTest.TestFn): Promise<void>;
  it(name: string, options: nodeTest.TestOptions, fn: nodeTest.TestFn): Promise<void>;
  before: Hook;
  after: Hook;
  beforeEach: Hook;
  afterEach: Hook;
}

/** The options a test of a suite skipped for `reason` runs with (its own, `skip` added). */
export function skipOptions(
  reason: SkipReason,
  options: nodeTest.TestOptions = {},
): nodeTest.TestOptions {
  return reason === false || reason === undefined ? options : { ...options, skip: reason };
}

export function skippedWhen(reason: SkipReason): SkippableSuite {
  const hook =
    (register: Hook): Hook =>
    (fn, options) => {
      if (reason === false || reason === undefined) register(fn, options);
    };
  function it(name: string, fn: nodeTest.TestFn): Promise<void>;
  function it(name: string, options: nodeTest.TestOptions, fn: nodeTest.TestFn): Promise<void>;
  function it(
    name: string,
    second: nodeTest.TestOptions | nodeTest.TestFn,
    third?: nodeTest.TestFn,
  ): Promise<void> {
    return typeof second === "function"
      ? nodeTest.it(name, skipOptions(reason), second)
      : nodeTest.it(name, skipOptions(reason, second), third);
  }
  return {
    it,
    before: hook(nodeTest.before),
    after: hook(nodeTest.after),
    beforeEach: hook(nodeTest.beforeEach),
    afterEach: hook(nodeTest.afterEach),
  };
}
