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
