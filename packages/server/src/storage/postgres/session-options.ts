// The settings every connection of the store starts its session with: the startup packet's
// `options` parameter, the one libpq's PGOPTIONS sets.
//
// jit = off: every statement of the registry is a short indexed read or write. JIT compilation
// costs 10–40 ms per statement, more than such statements run, and the planner asks for it
// whenever its estimate crosses jit_above_cost, which happens with the statistics of a table
// not yet analysed, e.g. right after a bulk import: an OAI-PMH ListRecords page of 100 records
// planned on such statistics took 45 ms instead of 2 ms (bench/oai.ts ran at a quarter of its
// rate until autovacuum analysed the tables).

/** The startup options: the operator's PGOPTIONS first, then the store's own. */
export function sessionOptions(env: NodeJS.ProcessEnv = process.env): string {
  return [env.PGOPTIONS, "-c jit=off"].filter((o) => o !== undefined && o !== "").join(" ");
}
