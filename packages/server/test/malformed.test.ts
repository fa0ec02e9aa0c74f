// 1000 malformed requests against a listening server, sent on raw sockets so the request target
// reaches the server byte for byte: bad percent-escapes, NUL, control and non-ASCII bytes, 100 KB
// targets and headers, broken JSON and wrong JSON types. Every answer must be a 4xx, never a 5xx.

import assert from "node:assert/strict";
import { connect } from "node:net";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../src/seed.js";
import { buildServer } from "../src/server.js";
import { issueToken } from "../src/tokens.js";
import { type EngineHandle, sqlite } from "./engines.js";

/** Sends `request` bytes on a fresh connection; resolves with the response's status code. */
function rawRequest(port: number, request: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(10000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (m) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on("error", (e) => reject(e));
    socket.on("close", () =>
      reject(new Error(`no status line; got ${JSON.stringify(data.slice(0, 80))}`)),
    );
    socket.end(request);
  });
}

/** A small deterministic generator, so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function malformedRequests(token: string): Buffer[] {
  const rand = prng(8141);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const get = (target: string | Buffer, headers = "") =>
    Buffer.concat([
      Buffer.from("GET "),
      Buffer.isBuffer(target) ? target : Buffer.from(target, "latin1"),
      Buffer.from(` HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`),
    ]);
  const post = (path: string, body: string, type = "application/json") =>
    Buffer.from(
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  const escapes = [
    "%",
    "%4",
    "%G1",
    "%zz",
    "%%",
    "%0",
    "%-1",
    "%u0041",
    "%00",
    "%C3%28",
    "%E2%82",
    "%FF",
  ];
  const bytes = [
    0x00, 0x01, 0x09, 0x0b, 0x7f, 0x80, 0xc3, 0xff, 0x20, 0x22, 0x3c, 0x5c, 0x5e, 0x60, 0x7b,
  ];
  const brokenJson = [
    '{"urn": ',
    "{",
    "[",
    '{"urn": "urn:example:x", "status": }',
    "nul",
    '{"a":1}}',
    "\u0000",
    '{"urn":"urn:example:x","status":"active",}',
  ];
  const wrongTypes = [
    { urn: 5, status: "active" },
    { urn: ["urn:example:x"], status: "active" },
    { urn: "urn:example:x", status: true },
    { urn: "urn:example:x", status: "active", locators: "https://x.example" },
    { urn: "urn:example:x", status: "active", locators: [{ url: 7 }] },
    {
      urn: "urn:example:x",
      status: "active",
      locators: [{ url: "https://x.example", priority: "high" }],
    },
    { urn: "urn:example:x", status: "active", metadata: "text" },
    { urn: null, status: "active" },
    {},
    [],
    "urn:example:x",
  ];
  const kinds: (() => Buffer)[] = [
    () => get(`/urn:example:a${pick(escapes)}b`),
    () => get(`/URN:example:${pick(escapes)}`),
    () => get(`/uri-res/N2L?urn:example:${pick(escapes)}`),
    () => get(`/api/v1/urns/urn:example:${pick(escapes)}`),
    () =>
      get(
        Buffer.concat([
          Buffer.from("/urn:example:a"),
          Buffer.from([pick(bytes)]),
          Buffer.from("b"),
        ]),
      ),
    () => get("/urn:example:a%00b"),
    () => get(`/urn:example:${"x".repeat(100 * 1024)}`),
    () => get("/urn:example:a", `X-Big: ${"y".repeat(100 * 1024)}\r\n`),
    () => get(`/urn:${pick(["", "a", "-ab", "ab-", "a_b", "x".repeat(33), "urn", "ab cd"])}:nss`),
    () => get(`/urn:example:${pick(["", "/x", "a?b", "a?+", "a?=", "a#"])}`),
    () => post("/api/v1/urns", pick(brokenJson)),
    () => post("/api/v1/urns", JSON.stringify(pick(wrongTypes))),
    () =>
      post(
        "/api/v1/namespaces",
        JSON.stringify({ nid: pick([5, "", "-x", null, "a".repeat(40)]) }),
      ),
    () =>
      post(
        "/api/v1/urns/urn:example:report-2024/deactivate",
        JSON.stringify({ reason: pick([1, "", null]) }),
      ),
    () => post("/api/v1/import", "{not json}\n", pick(["application/json", "text/plain"])),
    () =>
      Buffer.from(
        `${pick(["GET", "BREW", "G\u0000T"])} /urn:example:a HTTP/${pick(["1.1", "9.9", "x"])}\r\n\r\n`,
        "latin1",
      ),
    () =>
      Buffer.from(
        `GET /urn:example:a HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${pick(["-1", "abc", "1, 2"])}\r\n\r\n`,
      ),
  ];
  return Array.from({ length: 1000 }, (_, i) => (kinds[i % kinds.length] as () => Buffer)());
}

describe("1000 malformed requests", () => {
  let h: EngineHandle;
  let app: FastifyInstance;
  let port: number;
  let token: string;
  before(async () => {
    h = await sqlite.open();
    await seedExample(h.store);
    token = (await issueToken(h.store, { role: "admin" }, { tokenId: null })).token;
    app = await buildServer({ store: h.store });
    await app.listen({ port: 0, host: "127.0.0.1" });
    port = (app.server.address() as { port: number }).port;
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  it("all answer 4xx, never 5xx", async () => {
    const requests = malformedRequests(token);
    const statuses: number[] = new Array(requests.length);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next++;
        statuses[i] = await rawRequest(port, requests[i] as Buffer);
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
    const bad = statuses
      .map((status, i) => ({
        status,
        i,
        start: (requests[i] as Buffer).subarray(0, 90).toString("latin1"),
      }))
      .filter((r) => r.status < 400 || r.status >= 500);
    assert.deepEqual(bad, []);
    // The 100 KB target is "URI too long", the 100 KB header field "header fields too large".
    assert.ok(statuses.includes(414));
    assert.ok(statuses.includes(431));
  });
});
