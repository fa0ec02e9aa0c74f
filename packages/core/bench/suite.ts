// The benchmark harness's vocabulary: a suite is one corpus and the cases timed over it.
// A suite lives in its own file under bench/suites/ and default-exports `defineSuite(...)`;
// run.ts finds every file there, so adding a suite needs no other change.

import type { Corpus } from "./corpus.js";

/**
 * One timed operation. `fn` is called once per input inside the timed loop; whatever it returns
 * is kept, so the work cannot be optimized away.
 */
export interface BenchCase<I, R> {
  name: string;
  fn: (input: I) => R;
  /**
   * Builds the inputs `fn` gets from the corpus, outside the timed region, before every pass:
   * e.g. fresh parsed objects when `fn` reads something they cache. Default: the corpus strings.
   */
  prepare?: (items: readonly string[]) => readonly I[];
  /**
   * Whether a result means "accepted as a URN"; the table shows the accepted share, which makes a
   * case that skips work (or checks less) visible.
   */
  accepts?: (result: R) => boolean;
  /** Run once on every input before timing; throws when a result is wrong. */
  verify?: (input: I, result: R) => void;
}

/** A case with its types erased, as the runner handles it. */
export type AnyCase = BenchCase<unknown, unknown>;

export interface Suite {
  /** What `npm run bench -- <name>` selects. */
  name: string;
  title: string;
  /** Built only when the suite runs. */
  corpus: () => Corpus;
  /** What one input is, for the "ns/…" column: "URN", "document", … */
  unit: string;
  /** Case names every other case is compared with (time ratio: below 1 is faster). */
  baselines: readonly string[];
  cases: readonly AnyCase[];
}

/** Types a case from its own `fn`, then erases the types for the suite's list. */
export function defineCase<I = string, R = unknown>(c: BenchCase<I, R>): AnyCase {
  return c as unknown as AnyCase;
}

export function defineSuite(suite: Suite): Suite {
  for (const baseline of suite.baselines) {
    if (!suite.cases.some((c) => c.name === baseline)) {
      throw new Error(`suite ${suite.name}: baseline "${baseline}" is not one of its cases`);
    }
  }
  return suite;
}
