// The resolution fast path (src/routes/resolution/fast-path.ts) answers exactly as fastify's route:
// the same request, byte for byte on the wire, to a server with the fast path and to one that logs
// requests (so fastify answers), must get the same status line, header fields and body. The fast
// path is tried both ways: reading SQLite at once, and on the same store seen as an engine that
// must be waited for, as PostgreSQL is; and all three again with delegatePublic on (no test ever
// asks a public resolver: its redirects are compared, never followed).

import assert from "node:assert/strict";
import { connect } from "node:net";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import { URN } from "@urnkit/core";
import type { FastifyInstance } from "fastify";
import { namespaceKey } from "../../src/registry/namespace-keys.js";
import { buildServer } from "../../src/server.js";
import { openSqliteStore, type SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type { Store } from "../../src/storage/store.js";
import { members } from "../store-overrides.js";

const actor = { tokenId: null };

/** The store as an engine whose reads must be waited for: no immediate reads. */
function waitedFor(store: SqliteStore): Store {
  return { ...members(store), immediate: undefined };
}

interface Response {
  statusLine: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends `request` as written and reads the whole response (the server closes the connection). */
function exchange(port: number, request: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("end", () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const [statusLine, ...fields] = text.slice(0, end).split("\r\n");
      const headers: Record<string, string> = {};
      for (const f of fields) {
        const colon = f.indexOf(":");
        headers[f.slice(0, colon).toLowerCase()] = f.slice(colon + 1).trim();
      }
      // The clock's, not the server's.
      delete headers.date;
      // Generated per request unless the client sent one: checked, then left out of comparisons.
      if (!/x-request-id: client-/i.test(request)) {
        assert.match(headers["x-request-id"] ?? "", GENERATED_ID);
        delete headers["x-request-id"];
      }
      resolve({ statusLine: statusLine as string, headers, body: text.slice(end + 4) });
    });
    socket.end(request);
  });
}

/** An id the server made: 16 base64url characters of process, "-", a base-36 count. */
const GENERATED_ID = /^[A-Za-z0-9_-]{16}-[0-9a-z]+$/;

const request = (
  method: string,
  target: string,
  fields: Record<string, string> = {},
  version = "1.1",
) =>
  `${method} ${target} HTTP/${version}\r\nHost: resolver.example\r\nConnection: close\r\n${Object.entries(
    fields,
  )
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join("")}\r\n`;

describe("resolution fast path", () => {
  let store: SqliteStore;
  let fast: FastifyInstance;
  let waiting: FastifyInstance;
  let routed: FastifyInstance;
  let fastPort: number;
  let waitingPort: number;
  let routedPort: number;
  /** The same three with delegatePublic on. */
  let withPublic: FastifyInstance[];
  let withPublicPorts: number[];

  before(async () => {
    store = await openSqliteStore(":memory:");
    await store.namespaces.create({ nid: "example", local: true }, actor);
    await store.namespaces.create(
      {
        nid: "far",
        local: true,
        delegate: [{ prefix: "urn:far:", url: "https://far.example/{nss}" }],
      },
      actor,
    );
    await store.namespaces.create(
      { nid: "temp", local: true, redirectStatus: 307, maxAge: 30 },
      actor,
    );
    // Served here without records: public resolvers know issn, but this server answers for it.
    await store.namespaces.create({ nid: "issn" }, actor);
    const key = (urn: string) => namespaceKey(new URN(urn));
    const record = (
      urn: string,
      status: "active" | "reserved",
      locators: { url: string; priority?: number }[] = [],
    ) =>
      store.records.create(
        { key: key(urn), urn, nid: new URN(urn).nid, status, locators, metadata: { title: urn } },
        actor,
      );
    await record("urn:example:book", "active", [
      { url: "https://a.example/book", priority: 1 },
      { url: "https://b.example/book?x=1", priority: 5 },
    ]);
    await record("urn:example:bare", "active");
    await record("urn:example:later", "reserved");
    await record("urn:example:old", "active", [{ url: "https://a.example/old" }]);
    await record("urn:example:gone", "active", [{ url: "https://a.example/gone" }]);
    await record("urn:temp:t", "active", [{ url: "https://t.example/" }]);
    await record("urn:example:euro", "active", [{ url: "https://e.example/€ 1" }]);
    const successor = { urn: "urn:example:book", key: key("urn:example:book") };
    await store.records.deactivate(
      key("urn:example:old"),
      { reason: "replaced", successor },
      actor,
    );
    await store.records.deactivate(key("urn:example:gone"), { reason: "withdrawn" }, actor);

    fast = await buildServer({ store });
    waiting = await buildServer({ store: waitedFor(store) });
    const sink = new Writable({ write: (_c, _e, done) => done() });
    routed = await buildServer({ store, logger: { level: "info", stream: sink } });
    await fast.listen({ port: 0, host: "127.0.0.1" });
    await waiting.listen({ port: 0, host: "127.0.0.1" });
    await routed.listen({ port: 0, host: "127.0.0.1" });
    fastPort = (fast.server.address() as { port: number }).port;
    waitingPort = (waiting.server.address() as { port: number }).port;
    routedPort = (routed.server.address() as { port: number }).port;
    withPublic = [
      await buildServer({ store, delegatePublic: true }),
      await buildServer({ store: waitedFor(store), delegatePublic: true }),
      await buildServer({ store, delegatePublic: true, logger: { level: "info", stream: sink } }),
    ];
    for (const app of withPublic) await app.listen({ port: 0, host: "127.0.0.1" });
    withPublicPorts = withPublic.map((app) => (app.server.address() as { port: number }).port);
  });

  after(async () => {
    await fast.close();
    await waiting.close();
    await routed.close();
    for (const app of withPublic) await app.close();
    await store.close();
  });

  const cases: [string, string, Record<string, string>?, string?][] = [
    ["GET", "/urn:example:book"],
    ["HEAD", "/urn:example:book"],
    ["GET", "/URN:EXAMPLE:book"],
    ["GET", "/urn:example:book", {}, "1.0"],
    ["GET", "/urn:example:book?=lang=en"],
    ["GET", "/urn:example:book?+s=N2C", { accept: "application/json" }],
    ["GET", "/urn:example:book?+s=N2Ls"],
    ["GET", "/urn:example:book?+s=N2Ns"],
    ["GET", "/urn:example:book", { accept: "application/json" }],
    ["HEAD", "/urn:example:book", { accept: "application/json" }],
    ["GET", "/urn:example:book", { accept: "text/uri-list" }],
    ["GET", "/urn:temp:t"],
    ["GET", "/urn:example:euro"],
    ["GET", "/urn:far:x/y"],
    ["GET", "/urn:example:old"],
    ["GET", "/urn:example:gone"],
    ["GET", "/urn:example:gone", { accept: "application/json" }],
    ["GET", "/urn:example:later"],
    ["GET", "/urn:example:bare"],
    ["GET", "/urn:example:nobody"],
    ["HEAD", "/urn:example:nobody"],
    ["GET", "/urn:example:"],
    ["GET", "/urn:x:a%zz"],
    ["GET", `/urn:example:${"a".repeat(9000)}`],
    ["GET", "/urn:example:book", { "x-request-id": "client-7f3a.b9" }],
    ["GET", "/urn:example:nobody", { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }],
    ["GET", "/urn:x:a%zz", { accept: "text/html" }],
    ["GET", "/urn:example:later", { accept: "text/html" }],
    ["GET", "/urn:example:bare", { accept: "text/html" }],
    ["GET", "/urn:example:nobody", { "x-request-id": "client-1" }],
    // Namespaces not served here: 302 with a Link header, or a list, when delegatePublic is on.
    ["GET", "/urn:nbn:fi:tkk-004781"],
    ["HEAD", "/urn:nbn:fi:tkk-004781"],
    ["GET", "/URN:NBN:FI:tkk-004781"],
    ["GET", "/urn:nbn:fi-fe2021050428812", {}, "1.0"],
    ["GET", "/urn:nbn:fi:tkk-004781?+s=I2Ls"],
    ["GET", "/urn:nbn:fi:tkk-004781?+s=I2C", { accept: "application/json" }],
    ["GET", "/urn:nbn:se:uu:diva-352637", { accept: "text/html" }],
    ["GET", "/urn:ietf:rfc:8141", { accept: "application/json" }],
    ["GET", "/urn:epc:id:sgtin:0614141.112345.400"],
    ["GET", "/urn:nowhere:x"],
    ["GET", "/urn:nowhere:x", { accept: "text/html" }],
    ["GET", "/urn:issn:1476-4687"],
    ["GET", "/urn:issn:1476-4687", { accept: "text/html" }],
  ];

  for (const [method, target, fields = {}, version = "1.1"] of cases) {
    it(`${method} ${target.slice(0, 40)} ${JSON.stringify(fields)} HTTP/${version}`, async () => {
      const text = request(method, target, fields, version);
      const expected = await exchange(routedPort, text);
      assert.deepEqual(await exchange(fastPort, text), expected);
      assert.deepEqual(await exchange(waitingPort, text), expected);
      const [fastOn, waitingOn, routedOn] = withPublicPorts as [number, number, number];
      const expectedOn = await exchange(routedOn, text);
      assert.deepEqual(await exchange(fastOn, text), expectedOn);
      assert.deepEqual(await exchange(waitingOn, text), expectedOn);
    });
  }

  it("a conditional request gets the same 304", async () => {
    const first = await exchange(
      fastPort,
      request("GET", "/urn:example:book", { accept: "application/json" }),
    );
    const etag = first.headers.etag as string;
    const fields = { accept: "application/json", "if-none-match": etag };
    const expected = await exchange(routedPort, request("GET", "/urn:example:book", fields));
    assert.match(expected.statusLine, / 304 /);
    assert.deepEqual(
      await exchange(fastPort, request("GET", "/urn:example:book", fields)),
      expected,
    );
  });

  it("echoes a safe client X-Request-Id and replaces an unsafe one with one of its own", async () => {
    const echoed = await exchange(
      fastPort,
      request("GET", "/urn:example:book", { "x-request-id": "client-abc" }),
    );
    assert.equal(echoed.headers["x-request-id"], "client-abc");
    // An id with a space or over 128 characters is not echoed (exchange checks the server made it).
    await exchange(fastPort, request("GET", "/urn:example:book", { "x-request-id": "a b" }));
    await exchange(
      routedPort,
      request("GET", "/urn:example:book", { "x-request-id": "x".repeat(129) }),
    );
  });

  it("counts its requests in the metrics under the route's label", async () => {
    await exchange(fastPort, request("GET", "/urn:example:book"));
    const metrics = (await fast.inject("/metrics")).body;
    assert.match(
      metrics,
      /urnkit_http_requests_total\{method="GET",route="\/\{urn\}",status="303"\} \d+/,
    );
    assert.match(metrics, /urnkit_resolutions_total\{outcome="redirect"\} \d+/);
  });

  it("sends a locator holding non-ASCII percent-encoded, as a browser would", async () => {
    const r = await exchange(fastPort, request("GET", "/urn:example:euro"));
    assert.match(r.statusLine, / 303 /);
    assert.equal(r.headers.location, "https://e.example/%E2%82%AC%201");
  });
});
