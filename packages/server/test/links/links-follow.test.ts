// Following a URL: HEAD, GET when HEAD is refused (405, 501), at most 5 redirects, loops, the
// SSRF guard on the first request and after every redirect, timeouts, connectTo, and bodies left
// unread. Every server here listens on loopback; nothing leaves this machine.

import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { follow } from "../../src/index.js";

interface Seen {
  method: string;
  url: string;
  host: string;
}

/** A loopback server answering with `handle`, recording every request. */
async function loopback(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ origin: string; port: number; seen: Seen[]; server: Server }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? "", url: req.url ?? "", host: req.headers.host ?? "" });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, seen, server };
}

/** Routes by path: a status and headers, or a handler of its own. */
function routes(
  table: Record<string, [number, Record<string, string>?]>,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const [status, headers] = table[req.url ?? ""] ?? [404];
    res.writeHead(status, headers);
    res.end();
  };
}

const open = { allowPrivate: true };

describe("follow", () => {
  let s: Awaited<ReturnType<typeof loopback>>;
  const servers: Server[] = [];
  before(async () => {
    s = await loopback((req, res) => {
      const at = req.url ?? "";
      const hop = /^\/hop\/(\d+)$/.exec(at);
      if (hop) {
        const n = Number(hop[1]);
        res.writeHead(n === 0 ? 200 : 302, n === 0 ? {} : { location: `/hop/${n - 1}` });
        res.end();
        return;
      }
      if (at === "/no-head" || at === "/no-head-501") {
        res.writeHead(req.method === "HEAD" ? (at === "/no-head" ? 405 : 501) : 200);
        res.end();
        return;
      }
      if (at === "/endless") {
        // HEAD refused, and a GET body that never ends: follow must not wait for it.
        if (req.method === "HEAD") {
          res.writeHead(405).end();
          return;
        }
        res.writeHead(200, { "content-type": "text/html" });
        const tick = setInterval(() => res.write("x".repeat(1024)), 5);
        res.on("close", () => clearInterval(tick));
        return;
      }
      if (at === "/silent") return; // never answers
      routes({
        "/ok": [200, { "content-type": "text/html; charset=utf-8" }],
        "/forbidden": [403],
        "/a": [301, { location: "/b" }],
        "/b": [302, { location: `http://127.0.0.1:${s.port}/a` }],
        "/self": [307, { location: "/self" }],
        "/ftp": [302, { location: "ftp://files.example/x" }],
        "/bad-location": [302, { location: "http://[bad" }],
        "/to-127.0.0.2": [302, { location: `http://127.0.0.2:${s.port}/ok` }],
        "/to-mapped": [302, { location: `http://[::ffff:127.0.0.2]:${s.port}/ok` }],
        "/to-private": [303, { location: "http://10.0.0.1/inside" }],
        "/to-localhost": [303, { location: `http://localhost:${s.port}/ok` }],
        "/no-location": [302],
      })(req, res);
    });
    servers.push(s.server);
  });
  after(() => {
    for (const server of servers) server.closeAllConnections();
    for (const server of servers) server.close();
  });

  it("asks with HEAD and reports the final answer", async () => {
    const r = await follow(`${s.origin}/ok`, open);
    assert.equal(r.ok, true);
    assert.equal(r.status, 200);
    assert.equal(r.error, null);
    assert.deepEqual(
      r.hops.map((h) => [h.method, h.status, h.contentType]),
      [["HEAD", 200, "text/html; charset=utf-8"]],
    );
  });

  it("asks again with GET when HEAD is refused with 405 or 501, and only then", async () => {
    for (const path of ["/no-head", "/no-head-501"]) {
      const r = await follow(`${s.origin}${path}`, open);
      assert.equal(r.ok, true, path);
      assert.deepEqual(
        r.hops.map((h) => `${h.method} ${h.status}`),
        [`HEAD ${path === "/no-head" ? 405 : 501}`, "GET 200"],
      );
    }
    const forbidden = await follow(`${s.origin}/forbidden`, open);
    assert.equal(forbidden.ok, false);
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.error, null);
    assert.deepEqual(
      forbidden.hops.map((h) => h.method),
      ["HEAD"],
    );
  });

  it("does not read bodies: a GET whose body never ends answers at once", async () => {
    const started = Date.now();
    const r = await follow(`${s.origin}/endless`, { ...open, totalTimeoutMs: 2000 });
    assert.equal(r.ok, true);
    assert.deepEqual(
      r.hops.map((h) => `${h.method} ${h.status}`),
      ["HEAD 405", "GET 200"],
    );
    assert.ok(Date.now() - started < 1000);
  });

  it("follows up to 5 redirects, relative ones resolved against the URL asked", async () => {
    const r = await follow(`${s.origin}/hop/5`, open);
    assert.equal(r.ok, true);
    assert.equal(r.url, `${s.origin}/hop/0`);
    assert.equal(r.hops.length, 6);
    assert.deepEqual(
      r.hops.slice(0, 2).map((h) => [h.url, h.status, h.location]),
      [
        [`${s.origin}/hop/5`, 302, "/hop/4"],
        [`${s.origin}/hop/4`, 302, "/hop/3"],
      ],
    );
  });

  it("a sixth redirect ends the chain: too-many-redirects, with the last answer", async () => {
    const r = await follow(`${s.origin}/hop/6`, open);
    assert.equal(r.ok, false);
    assert.equal(r.error?.code, "too-many-redirects");
    assert.equal(r.status, 302);
    assert.equal(r.hops.length, 6);
    assert.equal(r.url, `${s.origin}/hop/1`);
    const fewer = await follow(`${s.origin}/hop/2`, { ...open, maxRedirects: 1 });
    assert.equal(fewer.error?.code, "too-many-redirects");
  });

  it("detects loops: a URL asked twice, or one that redirects to itself", async () => {
    const r = await follow(`${s.origin}/a`, open);
    assert.equal(r.error?.code, "redirect-loop");
    assert.equal(r.hops.length, 2);
    assert.equal(r.url, `${s.origin}/a`);
    assert.equal((await follow(`${s.origin}/self`, open)).error?.code, "redirect-loop");
  });

  it("a 3xx without Location is a final answer", async () => {
    const r = await follow(`${s.origin}/no-location`, open);
    assert.equal(r.status, 302);
    assert.equal(r.ok, false);
    assert.equal(r.error, null);
  });

  it("refuses other schemes and URLs that are not URLs", async () => {
    assert.equal((await follow(`${s.origin}/ftp`, open)).error?.code, "unsupported-scheme");
    assert.equal((await follow(`${s.origin}/bad-location`, open)).error?.code, "invalid-url");
    assert.equal((await follow("not a url", open)).error?.code, "invalid-url");
    assert.equal((await follow("file:///etc/passwd", open)).error?.code, "unsupported-scheme");
  });

  it("the guard refuses a loopback address before connecting, literal or through DNS", async () => {
    const before = s.seen.length;
    const literal = await follow(`${s.origin}/ok`);
    assert.equal(literal.error?.code, "blocked-address");
    assert.equal(literal.error?.message, "127.0.0.1 is a loopback address");
    assert.deepEqual(literal.hops, []);
    const named = await follow(`http://localhost:${s.port}/ok`);
    assert.equal(named.error?.code, "blocked-address");
    assert.match(named.error?.message ?? "", /^localhost resolves to .*, a loopback address$/);
    const v6 = await follow(`http://[::ffff:127.0.0.1]:${s.port}/ok`);
    assert.equal(v6.error?.code, "blocked-address");
    assert.equal(s.seen.length, before, "no request reached the server");
  });

  it("checks again after every redirect: an allowed first hop cannot lead inside", async () => {
    const policy = { allowAddresses: ["127.0.0.1"] };
    for (const path of ["/to-127.0.0.2", "/to-mapped", "/to-private"]) {
      const r = await follow(`${s.origin}${path}`, policy);
      assert.equal(r.error?.code, "blocked-address", path);
      assert.equal(r.hops.length, 1, path);
      assert.equal(r.status, r.hops[0]?.status);
    }
    // The same chain with everything allowed reaches the end.
    assert.equal((await follow(`${s.origin}/to-localhost`, open)).ok, true);
  });

  it("connectTo stands a loopback server in for a host: path, query and Host kept, guard applied", async () => {
    const connectTo = new Map([["urn.fi", s.origin]]);
    const before = s.seen.length;
    const r = await follow("https://urn.fi/ok?x=1", { ...open, connectTo });
    assert.equal(r.url, "https://urn.fi/ok?x=1");
    assert.equal(r.status, 404, "the stand-in knows /ok, not /ok?x=1");
    assert.deepEqual(s.seen.at(-1), { method: "HEAD", url: "/ok?x=1", host: "urn.fi" });
    const guarded = await follow("https://urn.fi/ok", { connectTo });
    assert.equal(guarded.error?.code, "blocked-address");
    assert.equal(s.seen.length, before + 1);
  });

  it("gives up after the total timeout, or when stopped", async () => {
    const r = await follow(`${s.origin}/silent`, { ...open, totalTimeoutMs: 150 });
    assert.equal(r.error?.code, "timeout");
    assert.equal(r.error?.message, "no final answer within 150 ms");
    const controller = new AbortController();
    const pending = follow(`${s.origin}/silent`, { ...open, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    assert.equal((await pending).error?.code, "aborted");
  });

  it("reports a refused connection as a network error", async () => {
    const gone = await loopback(() => {});
    await new Promise((resolve) => gone.server.close(resolve));
    const r = await follow(`${gone.origin}/`, open);
    assert.equal(r.error?.code, "network");
    assert.match(r.error?.message ?? "", /ECONNREFUSED/);
  });
});
