// Times a suite's cases: warm-up, then interleaved rounds, each case's median per-input time.
//
// Time is the process's CPU time (user + system), not the wall clock: on a shared machine other
// processes take turns on the cores, which stretches wall time by whatever they happen to do but
// leaves CPU time alone. (It includes V8's garbage collector threads, as it should.) The wall
// time is reported too.

import type { AnyCase, Suite } from "./suite.js";

export interface CaseResult {
  name: string;
  /** Median CPU nanoseconds per input. */
  ns: number;
  /** Median wall-clock nanoseconds per input. */
  wallNs: number;
  /** Half the interquartile range of the rounds, as a fraction of the median. */
  spread: number;
  /** Share of inputs the case accepted, when it says what accepting means. */
  accepted: number | null;
}

export interface SuiteResult {
  suite: Suite;
  corpusName: string;
  count: number;
  /** UTF-8 bytes in the whole corpus. */
  bytes: number;
  cases: CaseResult[];
}

export interface MeasureOptions {
  /** Timed rounds per case; the median is reported. */
  rounds: number;
  /** A round repeats passes over the corpus until it has run at least this long. */
  minRoundMs: number;
  /** Untimed passes before the first round, at least this long per case. */
  warmupMs: number;
}

type Loop = (fn: (input: unknown) => unknown, items: readonly unknown[], sink: unknown[]) => void;

/**
 * One loop function per case, compiled separately, so that the `fn` call inside it only ever sees
 * one callee: V8 inlines it as it would in a caller's own loop, and cases do not slow each other
 * down by sharing a polymorphic call site. Results go to `sink` so no call is dead code. Each
 * source text is made unique: V8 shares compiled code (on-stack-replacement code included) between
 * functions with the same source, which would make every case after the first deoptimize.
 */
function compileLoop(id: number): Loop {
  return new Function(
    "fn",
    "items",
    "sink",
    `/* case ${id} */ for (let i = 0; i < items.length; i++) sink[i & 255] = fn(items[i]);`,
  ) as Loop;
}

let loops = 0;

interface Runner {
  c: AnyCase;
  loop: Loop;
  sink: unknown[];
  rounds: number[];
  wallRounds: number[];
}

/** `gc()` when Node runs with --expose-gc. */
const collectGarbage = (globalThis as { gc?: () => void }).gc;

interface Timing {
  cpuNs: number;
  wallNs: number;
}

/** One pass over the corpus, preparing inputs outside the timed part. */
function pass(r: Runner, items: readonly string[]): Timing {
  let inputs: readonly unknown[] = items;
  if (r.c.prepare) {
    inputs = r.c.prepare(items);
    // Collect now, so that the prepared objects are not moved by a collection the timed loop
    // would pay for (run.ts starts suites with --expose-gc).
    collectGarbage?.();
  }
  const cpu = process.cpuUsage();
  const start = process.hrtime.bigint();
  r.loop(r.c.fn, inputs, r.sink);
  const wallNs = Number(process.hrtime.bigint() - start);
  const used = process.cpuUsage(cpu);
  return { cpuNs: (used.user + used.system) * 1000, wallNs };
}

/** Runs every input through the case once, checking results and counting acceptances. */
function verify(c: AnyCase, items: readonly string[]): number | null {
  const inputs = c.prepare ? c.prepare(items) : items;
  let accepted = 0;
  for (const input of inputs) {
    const result = c.fn(input);
    try {
      c.verify?.(input, result);
    } catch (e) {
      throw new Error(`case "${c.name}" on ${JSON.stringify(input)}: ${(e as Error).message}`);
    }
    if (c.accepts?.(result)) accepted++;
  }
  return c.accepts ? accepted / inputs.length : null;
}

function ascending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

function quantile(sorted: readonly number[], q: number): number {
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

export function measureSuite(suite: Suite, options: MeasureOptions): SuiteResult {
  const corpus = suite.corpus();
  const items = corpus.items;
  let bytes = 0;
  for (const s of items) bytes += Buffer.byteLength(s, "utf8");

  const accepted = suite.cases.map((c) => verify(c, items));
  const runners: Runner[] = suite.cases.map((c) => ({
    c,
    loop: compileLoop(loops++),
    sink: [],
    rounds: [],
    wallRounds: [],
  }));

  for (const r of runners) {
    let spent = 0;
    for (let passes = 0; passes < 3 || spent < options.warmupMs * 1e6; passes++) {
      spent += pass(r, items).cpuNs;
    }
  }
  // Interleaving the rounds spreads slow drifts of the machine (frequency, neighbours) over all
  // cases instead of penalizing whichever case ran during them.
  for (let round = 0; round < options.rounds; round++) {
    for (const r of runners) {
      let cpuNs = 0;
      let wallNs = 0;
      let passes = 0;
      while (cpuNs < options.minRoundMs * 1e6) {
        const t = pass(r, items);
        cpuNs += t.cpuNs;
        wallNs += t.wallNs;
        passes++;
      }
      r.rounds.push(cpuNs / (passes * items.length));
      r.wallRounds.push(wallNs / (passes * items.length));
    }
  }

  return {
    suite,
    corpusName: corpus.name,
    count: items.length,
    bytes,
    cases: runners.map((r, i) => {
      const cpu = ascending(r.rounds);
      const median = quantile(cpu, 0.5);
      return {
        name: r.c.name,
        ns: median,
        wallNs: quantile(ascending(r.wallRounds), 0.5),
        spread: (quantile(cpu, 0.75) - quantile(cpu, 0.25)) / 2 / median,
        accepted: accepted[i] ?? null,
      };
    }),
  };
}
