// `npm run bench [-- <suite>...]`: times @urnkit/core as built (dist/) against other URN parsers
// and prints Markdown tables. Every file in bench/suites/ default-exports one suite.

import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { measureSuite } from "./measure.js";
import { machine, table } from "./report.js";
import type { Suite } from "./suite.js";

const suitesDir = new URL("./suites/", import.meta.url);

async function loadSuites(): Promise<Suite[]> {
  const files = readdirSync(suitesDir)
    .filter((f) => f.endsWith(".ts"))
    .sort();
  const suites: Suite[] = [];
  for (const file of files) {
    const module = (await import(new URL(file, suitesDir).href)) as { default: Suite };
    suites.push(module.default);
  }
  return suites;
}

const LEGEND = [
  "ns: median CPU time per input over the rounds (other processes on the machine do not count);",
  "MB/s from it; wall ns: median wall-clock time; ±: half the interquartile range of the rounds;",
  '"vs X": time relative to case X in the same run (below 1 is faster); accepted: share of inputs',
  "the case took for a URN.",
].join("\n");

/**
 * Each suite runs in a process of its own: V8 optimizes the parser for whatever it has seen, so
 * a suite run after another (the invalid inputs of near-urns, say) would measure code shaped by
 * that one, and a suite's figures would depend on which others ran.
 */
function runInChild(name: string): boolean {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, "--expose-gc", fileURLToPath(import.meta.url), CHILD_FLAG, name],
    { stdio: "inherit" },
  );
  return child.status === 0;
}

const CHILD_FLAG = "--suite-process";

async function main(args: readonly string[]): Promise<number> {
  const all = await loadSuites();
  if (args[0] === CHILD_FLAG) {
    const suite = all.find((s) => s.name === args[1]);
    if (suite === undefined) return 2;
    const result = measureSuite(suite, { rounds: 15, minRoundMs: 40, warmupMs: 300 });
    console.log(`${table(result)}\n`);
    return 0;
  }
  const unknown = args.filter((name) => !all.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(
      `unknown suite ${unknown.join(", ")}; suites: ${all.map((s) => s.name).join(", ")}`,
    );
    return 2;
  }
  const chosen = args.length === 0 ? all : all.filter((s) => args.includes(s.name));
  console.log(`## @urnkit/core benchmarks\n\n${machine()}\n\n${LEGEND}\n`);
  let failed = 0;
  for (const suite of chosen) {
    if (!runInChild(suite.name)) failed++;
  }
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
