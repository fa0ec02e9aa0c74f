// 1,600 malformed requests against a listening server on every engine, sent on raw sockets so the
// request target reaches the server byte for byte: bad percent-escapes, NUL (raw, %00 and \u0000 in
// JSON), unpaired surrogates, control and non-ASCII bytes, 100 KB targets, huge and many header
// fields, broken, deep and oversize JSON, wrong types, import lines of every kind, node's own
// refusals (no Host, an unknown Expect). Every answer must be a 4xx, never a 5xx, and a problem
// detail (RFC 9457) unless the UI answered with a page; the process must still answer afterwards.

import assert from "node:assert/strict";
import { connect } from "node:net";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

interface Answered {
  status: number;
  type: string;
}

/** Sends `request` bytes on a fresh connection; resolves with the status and content type. */
function rawRequest(port: number, request: Buffer): Promise<Answered> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let data = "";
    socket.setTimeout(10000, () => socket.destroy(new Error("timeout")));
    socket.on("data", (chunk) => {
      data += chunk.toString("latin1");
      const end = data.indexOf("\r\n\r\n");
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(data);
      if (m && end >= 0) {
        socket.destroy();
        const type = /\r\ncontent-type: *([^\r;]*)/i.exec(data.slice(0, end))?.[1] ?? "";
        resolve({ status: Number(m[1]), type: type.toLowerCase() });
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

/**
 * A kind of request that may be answered 2xx or 3xx: a check or an inspection reports on a bad
 * URN, a record page of a malformed URN redirects to the inspector, and an import answers 200 with
 * the refused lines in its body.
 */
type Kind = (() => Buffer) & { lenient?: true };
const lenient = (make: () => Buffer): Kind => Object.assign(make, { lenient: true as const });

function malformedRequests(token: string): { request: Buffer; lenient: boolean }[] {
  const rand = prng(8141);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
  const get = (target: string | Buffer, headers = "") =>
    Buffer.concat([
      Buffer.from("GET "),
      Buffer.isBuffer(target) ? target : Buffer.from(target, "latin1"),
      Buffer.from(` HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`),
    ]);
  const send = (method: string, path: string, body: string, type = "application/json") =>
    Buffer.from(
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  const post = (path: string, body: string, type = "application/json") =>
    send("POST", path, body, type);
  // Text the database cannot hold, written as JSON escapes (JSON.stringify keeps them escaped).
  const badText = ["a\u0000b", "\ud800", "x\udfff", "\u0000"];
  const deepJson = (n: number) => `${"[".repeat(n)}1${"]".repeat(n)}`;
  const ndjson = (lines: string[]) =>
    post("/api/v1/import", `${lines.join("\n")}\n`, "application/x-ndjson");
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
  const kinds: Kind[] = [
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
    () =>
      get(
        pick([
          "/api/v1/namespaces/%00",
          "/api/v1/namespaces/%ED%A0%80",
          "/api/v1/namespaces/a%FFb",
        ]),
      ),
    () =>
      get(
        `/api/v1/stats/resolutions?${pick(["nid=%00", "limit=-1", "limit=99999999", "cursor=%00", "cursor=e30", "from=x"])}`,
      ),
    () =>
      get(
        `/api/v1/audit?${pick(["target=%00", "limit=abc", "before=1e99", "limit=1000000"])}`,
        `Authorization: Bearer ${token}\r\n`,
      ),
    () => get(`/api/v1/urns/urn:example:${pick(escapes)}x`),
    lenient(() => get(`/api/v1/check?urn=${pick(escapes)}`)),
    lenient(() => get(`/record/urn:example:${pick(escapes)}`)),
    lenient(() => get(`/inspect?urn=${pick(escapes)}${"%D0%B0".repeat(Math.floor(rand() * 300))}`)),
    () =>
      post(
        "/api/v1/urns/urn:example:report-2024/deactivate",
        JSON.stringify({ reason: pick(badText) }),
      ),
    () => post("/api/v1/tokens", JSON.stringify({ role: "reader", label: pick(badText) })),
    () =>
      send(
        "PATCH",
        "/api/v1/urns/urn:example:report-2024",
        JSON.stringify({
          locators: [
            {
              url: pick([
                "https://a.example/\r\nx",
                'https://a.example/">',
                "javascript:x",
                "https://a.example/",
              ]),
              priority: pick([-5, 70000, 1e300, 1.5, "1", null]),
              mediaType: pick([5, "text/html\u0000", "a b", "x".repeat(300), null]),
              active: pick(["no", 1, null]),
            },
          ],
        }),
      ),
    () =>
      send(
        "PATCH",
        "/api/v1/urns/urn:example:report-2024",
        `{"metadata":${deepJson(1000 + Math.floor(rand() * 4000))}}`,
      ),
    () => send("PATCH", "/api/v1/urns/urn:example:draft-7", JSON.stringify({ metadata: { t: 1 } })),
    () =>
      send(
        "PATCH",
        "/api/v1/urns/urn:example:report-2024",
        JSON.stringify({ metadata: { [pick(badText)]: 1 } }),
      ),
    () => send("DELETE", "/api/v1/urns/urn:example:report-2024", ""),
    () =>
      post(
        "/api/v1/urns",
        `{"urn":"urn:example:big","status":"active","metadata":{"x":"${"a".repeat(1100000)}"}}`,
      ),
    () =>
      post(
        "/api/v1/namespaces",
        JSON.stringify({
          nid: "dlg",
          local: true,
          delegate: [
            {
              prefix: "",
              url: pick([
                "https://exa mple.com/{nss}",
                "https://{nss}.example.org/",
                "x:{urn}",
                "https://a.example/{x}",
              ]),
            },
          ],
        }),
      ),
    lenient(() =>
      ndjson([
        JSON.stringify({ urn: "urn:example:fuzz-ok", status: "active" }),
        pick([
          `{"urn":"urn:example:fz","status":"active","metadata":${deepJson(4000)}}`,
          JSON.stringify({
            urn: "urn:example:fz",
            status: "active",
            locators: [{ url: "https://a.example/", priority: 1e300 }],
          }),
          JSON.stringify({
            urn: "urn:example:fz",
            status: "active",
            locators: [{ url: "https://a.example/", mediaType: 5 }],
          }),
          JSON.stringify({
            urn: "urn:example:fz",
            status: "active",
            locators: [{ url: "https://a.example/", active: "no" }],
          }),
          JSON.stringify({ urn: `urn:example:${pick(badText)}`, status: "active" }),
          JSON.stringify({ urn: "urn:example:fz", status: "active", reason: pick(badText) }),
          '{"urn":',
          "[]",
        ]),
      ]),
    ),
    () => Buffer.from("GET /api/v1/namespaces HTTP/1.1\r\nConnection: close\r\n\r\n"),
    () =>
      Buffer.from(
        `POST /api/v1/urns HTTP/1.1\r\nHost: x\r\n${pick(["", "Authorization: Bearer nope\r\n", "Authorization: Basic eDp5\r\n"])}Content-Type: application/json\r\nContent-Length: 9\r\nConnection: close\r\n\r\n{"urn":5}`,
      ),
    () => get("/api/v1/namespaces", `Expect: ${pick(["tea", "x-unknown"])}\r\n`),
    () => get("/urn:example:a", Array.from({ length: 3000 }, (_, i) => `X-H${i}: v\r\n`).join("")),
    () => get("/urn:example:a", `Accept: ${"text/html;q=0.5, ".repeat(4000)}\r\n`),
  ];
  return Array.from({ length: 1600 }, (_, i) => {
    const kind = kinds[i % kinds.length] as Kind;
    return { request: kind(), lenient: kind.lenient === true };
  });
}

for (const engine of engines)
  describe(`1,600 malformed requests (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let port: number;
    let token: string;
    before(async () => {
      h = await engine.open();
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

    it("all answer 4xx problem details, never 5xx, and the server lives on", async () => {
      const cases = malformedRequests(token);
      const answers: Answered[] = new Array(cases.length);
      let next = 0;
      const worker = async () => {
        while (next < cases.length) {
          const i = next++;
          answers[i] = await rawRequest(port, (cases[i] as { request: Buffer }).request);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      const start = (i: number) =>
        (cases[i] as { request: Buffer }).request.subarray(0, 90).toString("latin1");
      const bad = answers
        .map((a, i) => ({ ...a, i, start: start(i) }))
        .filter((r) => r.status >= 500 || (r.status < 400 && !cases[r.i]?.lenient));
      assert.deepEqual(bad, []);
      // The UI's pages (the record page, the inspector) answer HTML; everything else problem+json.
      const notProblem = answers
        .map((a, i) => ({ ...a, i, start: start(i) }))
        .filter(
          (r) => r.status >= 400 && r.type !== "application/problem+json" && r.type !== "text/html",
        );
      assert.deepEqual(notProblem, []);
      const statuses = answers.map((a) => a.status);
      // The 100 KB target is "URI too long", the 100 KB header field "header fields too large".
      for (const status of [400, 401, 405, 409, 413, 414, 417, 422, 431])
        assert.ok(statuses.includes(status), `no ${status} among the answers`);
      const alive = await rawRequest(
        port,
        Buffer.from("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
      );
      assert.equal(alive.status, 200);
    });
  });
