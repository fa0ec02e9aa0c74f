// What the benches share around their rounds: the machine's load for each result line, and the
// engines a round runs on, in turns.

import { loadavg } from "node:os";
import { TEST_PG } from "../test/pg-database.js";

/** The 1-minute load average, as a result line states it. */
export const load1 = (): string => `load ${(loadavg()[0] as number).toFixed(2)}`;

/**
 * `rounds` rounds of `round` on each engine (BENCH_ENGINES=sqlite,postgres picks them; PostgreSQL
 * by default when URNKIT_TEST_PG names a server), every other round in the reverse order so that
 * neither engine always goes first; each round's line printed.
 */
export async function engineRounds(
  rounds: number,
  round: (engine: string) => Promise<string>,
): Promise<void> {
  const engines =
    process.env.BENCH_ENGINES?.split(",") ??
    (TEST_PG === null ? ["sqlite"] : ["sqlite", "postgres"]);
  for (let r = 1; r <= rounds; r++)
    for (const engine of r % 2 === 1 ? engines : [...engines].reverse())
      console.log(`round ${r} ${await round(engine)}`);
}

/** What `work` took: wall-clock seconds, this process's CPU seconds, and the load before it began. */
export async function measured<T>(
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; cpuSeconds: number; loadBefore: string }> {
  const loadBefore = load1();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  return { result, seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, loadBefore };
}
