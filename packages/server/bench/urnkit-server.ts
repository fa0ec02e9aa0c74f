// The server under test: @urnkit/server on the benchmark database, as `urnkit serve` runs it
// (the compiled package, no request logging). Prints "PORT <n>". BENCH_DELEGATE_PUBLIC=1 serves
// with delegatePublic on (`serve --delegate-public`). A second argument "--no-counting" makes
// counting a resolution for the statistics a no-op, the baseline of what counting costs.
// BENCH_URN_LOG_BOUND sets the statistics' URN log bound in chunks (the sustained run's, to reach
// it within minutes).

import { buildServer, openSqliteStore } from "../dist/index.js";
import { ResolutionCounter } from "../dist/stats/resolution-counts.js";

if (process.argv[3] === "--no-counting") ResolutionCounter.prototype.add = () => {};

const store = await openSqliteStore(process.argv[2] as string);
const logBound = process.env.BENCH_URN_LOG_BOUND;
const app = await buildServer({
  store,
  delegatePublic: process.env.BENCH_DELEGATE_PUBLIC === "1",
  ...(logBound === undefined ? {} : { statistics: { logBound: Number(logBound) } }),
});
await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`PORT ${(app.server.address() as { port: number }).port}\n`);
