// What SIGTERM does to `urnkit serve` (issue 17, item 5; docs/deploy.md, systemd and nginx): new
// connections are refused at once (a balancer moves on to the other process), a request in flight
// finishes and its writes are committed, then the process exits 0.

import assert from "node:assert/strict";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, it } from "node:test";
import { run } from "./run-cli.js";
import { serve } from "./serve-process.js";

const FIRST_TOKEN = /first administrator \(id \d+, shown once\):\n(urnkit_\S+)\n/;
const dir = mkdtempSync(join(tmpdir(), "urnkit-stop-"));
after(() => rmSync(dir, { recursive: true, force: true }));

it("SIGTERM: refuses new connections, finishes the import in flight, exits 0", async () => {
  const db = join(dir, "stop.db");
  const s = await serve(["--db", db, "--create", "--example", "--port", "0"], {}, FIRST_TOKEN);
  const token = FIRST_TOKEN.exec(s.stderr())?.[1] as string;

  // An import whose body is still arriving when the signal comes.
  const upload = request(`${s.url}/api/v1/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/x-ndjson" },
  });
  const response = once(upload, "response");
  upload.write('{"urn":"urn:example:in-flight-1","status":"reserved"}\n');
  // Connected, and given time to be accepted and routed before the signal.
  await once(upload, "socket").then(([socket]) =>
    once(socket as import("node:net").Socket, "connect"),
  );
  await new Promise((wait) => setTimeout(wait, 300));

  const stopped = s.stop();
  // The signal takes a moment to arrive; until then /readyz still answers.
  let refused: string | undefined;
  for (let tries = 0; tries < 50 && refused !== "ECONNREFUSED"; tries++) {
    refused = await fetch(`${s.url}/readyz`).then(
      (r) => `answered ${r.status}`,
      (e: { cause?: { code?: string } }) => e.cause?.code,
    );
    if (refused !== "ECONNREFUSED") await new Promise((wait) => setTimeout(wait, 100));
  }
  assert.equal(refused, "ECONNREFUSED", "a new connection after SIGTERM");
  assert.equal(s.proc.exitCode, null, "still running while a request is in flight");

  upload.end('{"urn":"urn:example:in-flight-2","status":"reserved"}\n');
  const [res] = (await response) as [import("node:http").IncomingMessage];
  let body = "";
  for await (const chunk of res) body += chunk;
  assert.equal(res.statusCode, 200);
  assert.match(body, /"done":true,"lines":2,"created":2/);
  assert.equal(await stopped, 0);
  assert.match(s.stderr(), /^SIGTERM: stopping; requests in flight finish$/m);

  const exported = await run(["export", "--db", db]);
  assert.match(exported.stdout, /urn:example:in-flight-1/);
  assert.match(exported.stdout, /urn:example:in-flight-2/);
});
