// The baseline: a bare node:http server doing the same single better-sqlite3 lookup as urnkit's
// resolution and answering 303, on a connection tuned as urnkit tunes its own. No URN parsing, no
// equivalence, no routing. Prints "PORT <n>".

import { createServer } from "node:http";
import Database from "better-sqlite3";
import { RESOLVE_SQL } from "../dist/storage/sqlite/records.js";
import { tuneForLookups } from "../dist/storage/sqlite/sqlite-store.js";

const db = new Database(process.argv[2] as string, { readonly: true });
tuneForLookups(db);
const resolve = db.prepare<[string], { best: string | null }>(RESOLVE_SQL);
const server = createServer((req, res) => {
  const row = resolve.get((req.url ?? "/").slice(1));
  if (row?.best) {
    res.writeHead(303, { location: row.best });
  } else res.writeHead(404);
  res.end();
});
server.keepAliveTimeout = 72000;
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`PORT ${(server.address() as { port: number }).port}\n`);
});
