// The link checker against loopback servers, on every engine: the outcome stored for 200, 404,
// 410, 500, redirect chains and loops, slow bodies, slow answers, resets, HEAD refused or
// answered wrongly, Retry-After; the SSRF guard (a loopback target, redirects to 127.0.0.2,
// 10.x and 169.254.x, a name resolving to loopback) when private addresses are not allowed;
// politeness (the most requests a server sees at once from one host, over at most as many
// connections, kept between checks); the User-Agent; failures
// in a row ranking a locator last without removing it; the bounded history and its guards.

import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { describe } from "node:test";
import { LinkChecker, linkCheckerUserAgent } from "../../src/links/checker.js";
import { VERSION } from "../../src/runtime/version.js";
import type { LinkHealth } from "../../src/storage/links.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

interface Seen {
  method: string;
  url: string;
  range: string | undefined;
  userAgent: string | undefined;
}

/** A loopback server on `address` answering by path; it records requests and the most at once. */
async function loopback(address: string): Promise<{
  origin: string;
  seen: Seen[];
  server: Server;
  peak: () => number;
  connections: () => number;
}> {
  const seen: Seen[] = [];
  let inFlight = 0;
  let peak = 0;
  let origin = "";
  const answer = (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? "").split("?")[0] as string;
    const head = req.method === "HEAD";
    const hop = /^\/chain\/(\d+)$/.exec(path);
    if (hop) {
      const n = Number(hop[1]);
      if (n === 0) res.writeHead(200).end();
      else res.writeHead(302, { location: `/chain/${n - 1}` }).end();
      return;
    }
    switch (path) {
      case "/ok":
        res.writeHead(200, { "content-type": "text/html" }).end(head ? undefined : "<p>ok</p>");
        return;
      case "/404":
      case "/410":
      case "/500":
        res.writeHead(Number(path.slice(1))).end();
        return;
      case "/loop-a":
        res.writeHead(301, { location: "/loop-b" }).end();
        return;
      case "/loop-b":
        res.writeHead(302, { location: `${origin}/loop-a` }).end();
        return;
      case "/slow-body": {
        // HEAD refused; to GET, headers at once and a body that takes seconds: the checker must
        // not wait for it.
        if (head) {
          res.writeHead(405).end();
          return;
        }
        res.writeHead(200, { "content-type": "application/pdf" });
        res.flushHeaders();
        const tick = setInterval(() => res.write("x"), 100);
        res.on("close", () => clearInterval(tick));
        return;
      }
      case "/slow":
        // With its length: a HEAD answer without one ends its connection (Node's server).
        setTimeout(() => res.writeHead(200, { "content-length": "0" }).end(), 50);
        return;
      case "/silent":
        return; // never answers
      case "/reset":
        req.socket.destroy();
        return;
      case "/head-refused":
        res.writeHead(head ? 405 : 206).end();
        return;
      case "/head-wrong":
        // Some servers answer HEAD with an error and GET properly.
        res.writeHead(head ? 404 : 206).end();
        return;
      case "/busy":
        res.writeHead(429, { "retry-after": "120" }).end();
        return;
      case "/to-127.0.0.2":
        res.writeHead(302, { location: "http://127.0.0.2/ok" }).end();
        return;
      case "/to-10":
        res.writeHead(302, { location: "http://10.0.0.1/inside" }).end();
        return;
      case "/to-169.254":
        res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" }).end();
        return;
      default:
        res.writeHead(404).end();
    }
  };
  const server = createServer((req, res) => {
    seen.push({
      method: req.method ?? "",
      url: req.url ?? "",
      range: req.headers.range,
      userAgent: req.headers["user-agent"],
    });
    inFlight++;
    peak = Math.max(peak, inFlight);
    let done = false;
    const end = () => {
      if (!done) inFlight--;
      done = true;
    };
    res.on("finish", end);
    res.on("close", end);
    answer(req, res);
  });
  let connections = 0;
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  origin = `http://${address}:${(server.address() as AddressInfo).port}`;
  return { origin, seen, server, peak: () => peak, connections: () => connections };
}

/**
 * A record whose locators are `urls` (priority in the order given, first highest), under the
 * prefix `urn:example:<group>-`, which each test's runs select so that one test checks only its
 * own locators.
 */
async function record(
  h: EngineHandle,
  group: string,
  name: string,
  urls: string[],
): Promise<string> {
  const urn = `urn:example:${group}-${name}`;
  await h.store.records.create(
    {
      urn,
      key: urn,
      nid: "example",
      status: "active",
      prefix: `urn:example:${group}-`,
      locators: urls.map((url, i) => ({ url, priority: urls.length - i })),
    },
    actor,
  );
  return urn;
}

/** The run selection of a test's group. */
const only = (group: string) => ({ limit: 1000, prefix: `urn:example:${group}-` });

/** The health of the record's locator with this URL. */
async function health(h: EngineHandle, urn: string, url: string): Promise<LinkHealth> {
  const found = (await h.store.links.health(urn)).get(url);
  assert.ok(found, `${url} has been checked`);
  return found;
}

const fast = { connectTimeoutMs: 1000, totalTimeoutMs: 1500 };

for (const engine of engines) {
  describe(`link checker (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let s: Awaited<ReturnType<typeof loopback>>;
    const servers: Server[] = [];
    before(async () => {
      h = await engine.open();
      await h.store.namespaces.create({ nid: "example", local: true }, actor);
      s = await loopback("127.0.0.1");
      servers.push(s.server);
    });
    /** Loopback hosts at `addresses`, each with 8 slow locators of records of `group`, in a row. */
    const slowHosts = async (addresses: string[], group: string) => {
      const hosts = await Promise.all(addresses.map(loopback));
      for (const x of hosts) servers.push(x.server);
      for (const [i, x] of hosts.entries())
        for (let n = 0; n < 8; n++) await record(h, group, `${i}-${n}`, [`${x.origin}/slow?${n}`]);
      return hosts;
    };
    after(async () => {
      for (const server of servers) server.closeAllConnections();
      for (const server of servers) server.close();
      await h.close();
    });

    it("stores each outcome: status, final URL, failures in a row", async () => {
      const paths = [
        "/ok",
        "/404",
        "/410",
        "/500",
        "/chain/3",
        "/chain/6",
        "/loop-a",
        "/slow-body",
        "/silent",
        "/reset",
        "/head-refused",
        "/head-wrong",
      ];
      const urns = new Map<string, string>();
      for (const [i, path] of paths.entries()) {
        urns.set(path, await record(h, "outcome", `${i}`, [`${s.origin}${path}`]));
      }
      const checker = new LinkChecker(h.store.links, {
        ...fast,
        allowPrivate: true,
        concurrency: 8,
      });
      const summary = await checker.run(only("outcome"));
      assert.equal(summary.checked, paths.length);
      assert.equal(summary.deferred, 0);
      const got = async (path: string) => health(h, urns.get(path) as string, `${s.origin}${path}`);

      const expected: [string, string, number | null][] = [
        ["/ok", "ok", 200],
        ["/404", "client-error", 404],
        ["/410", "client-error", 410],
        ["/500", "server-error", 500],
        ["/chain/3", "redirected", 200],
        // Six redirects: one more than the five followed.
        ["/chain/6", "redirect-error", 302],
        ["/loop-a", "redirect-error", 302],
        ["/slow-body", "ok", 200],
        ["/silent", "timeout", null],
        ["/reset", "connection-error", null],
        ["/head-refused", "ok", 206],
        ["/head-wrong", "ok", 206],
      ];
      for (const [path, outcome, status] of expected) {
        const hh = await got(path);
        assert.equal(hh.outcome, outcome, path);
        assert.equal(hh.status, status, path);
        const failing = outcome !== "ok" && outcome !== "redirected";
        assert.equal(hh.failures, failing ? 1 : 0, path);
        assert.equal(hh.demoted, false, path);
      }
      assert.equal((await got("/chain/3")).finalUrl, `${s.origin}/chain/0`);
      assert.equal((await got("/ok")).finalUrl, null);
      assert.match((await got("/loop-a")).message ?? "", /redirects back/);
      // HEAD refused (405) and HEAD answered 404: asked again with GET, for the first byte only.
      for (const path of ["/head-refused", "/head-wrong"]) {
        assert.deepEqual(
          s.seen.filter((r) => r.url === path).map((r) => [r.method, r.range]),
          [
            ["HEAD", undefined],
            ["GET", "bytes=0-0"],
          ],
          path,
        );
      }
    });

    it("names urnkit, its version and the operator's contact in the User-Agent", async () => {
      const urn = await record(h, "agent", "1", [`${s.origin}/ok?agent`]);
      const checker = new LinkChecker(h.store.links, {
        ...fast,
        allowPrivate: true,
        contact: "mailto:links@registry.example",
      });
      await checker.run(only("agent"));
      const request = s.seen.find((r) => r.url === "/ok?agent");
      assert.equal(
        request?.userAgent,
        `urnkit/${VERSION} (link checker; mailto:links@registry.example)`,
      );
      assert.equal(linkCheckerUserAgent(null), `urnkit/${VERSION} (link checker)`);
      assert.equal((await health(h, urn, `${s.origin}/ok?agent`)).outcome, "ok");
    });

    it("ranks a locator failing 3 checks in a row after healthy ones, never removing it", async () => {
      const broken = `${s.origin}/410?rank`;
      const healthy = `${s.origin}/ok?rank`;
      const urn = await record(h, "rank", "1", [broken, healthy]);
      const checker = new LinkChecker(h.store.links, { ...fast, allowPrivate: true });
      for (let i = 1; i <= 2; i++) {
        await checker.run(only("rank"));
        assert.equal((await health(h, urn, broken)).failures, i);
        assert.equal((await h.store.records.resolve(urn))?.best, broken, `after ${i} failures`);
      }
      await checker.run(only("rank"));
      const third = await health(h, urn, broken);
      assert.equal(third.failures, 3);
      assert.equal(third.demoted, true);
      assert.equal((await h.store.records.resolve(urn))?.best, healthy);
      const r = await h.store.records.get(urn);
      assert.deepEqual(
        r?.locators.map((l) => [l.url, l.active]),
        [
          [healthy, true],
          [broken, true],
        ],
      );
      // With the demotion threshold at 5, the next failure (the 4th) clears the mark.
      await new LinkChecker(h.store.links, { ...fast, allowPrivate: true, demoteAfter: 5 }).run(
        only("rank"),
      );
      assert.equal((await health(h, urn, broken)).demoted, false);
      assert.equal((await h.store.records.resolve(urn))?.best, broken);
    });

    it("keeps the last 10 checks of a locator, which the database refuses to drop or change", async () => {
      const url = `${s.origin}/ok?history`;
      const urn = await record(h, "history", "1", [url]);
      const checker = new LinkChecker(h.store.links, { ...fast, allowPrivate: true });
      for (let i = 0; i < 12; i++) await checker.run(only("history"));
      const rows = (await h.rawRows("link_checks")) as { id: number; locator_id: number }[];
      const id = (await h.store.links.report({ status: "all", limit: 1000 })).find(
        (row) => row.url === url,
      )?.id;
      assert.ok(id !== undefined);
      const mine = rows.filter((row) => Number(row.locator_id) === id);
      assert.equal(mine.length, 10);
      const history = await h.store.links.history(id);
      assert.equal(history.length, 10);
      assert.ok(history.every((c) => c.outcome === "ok"));
      assert.equal((await health(h, urn, url)).outcome, "ok");
      const newest = Math.max(...mine.map((row) => Number(row.id)));
      await assert.rejects(
        h.rawExec(`DELETE FROM link_checks WHERE id = ${newest}`),
        /last 10 checks/,
      );
      await assert.rejects(
        h.rawExec(`UPDATE link_checks SET outcome = 'client-error' WHERE id = ${newest}`),
        /never changed/,
      );
      if (engine.name === "postgres") {
        await assert.rejects(h.rawExec("TRUNCATE link_checks"), /last 10 checks/);
      }
      assert.equal((await h.store.links.history(id)).length, 10);
    });

    it("leaves a host alone after 429 with Retry-After, its locators due again after then", async () => {
      const server = await loopback("127.0.0.3");
      servers.push(server.server);
      const busy = `${server.origin}/busy`;
      const other = `${server.origin}/ok?later`;
      const urn = await record(h, "busy", "1", [busy, other]);
      const checker = new LinkChecker(h.store.links, {
        ...fast,
        allowPrivate: true,
        concurrency: 1,
        perHost: 1,
      });
      const before = Date.now();
      const summary = await checker.run(only("busy"));
      // The 429 was asked once; the other locator of that host was not asked at all.
      assert.deepEqual(
        server.seen.map((r) => r.url),
        ["/busy"],
      );
      assert.equal(summary.deferred, 2);
      assert.deepEqual(await h.store.links.health(urn), new Map());
      const due = await h.store.links.due({ now: new Date().toISOString(), limit: 1000 });
      assert.ok(!due.some((d) => d.url === busy || d.url === other));
      const later = new Date(before + 121_000).toISOString();
      const dueLater = await h.store.links.due({ now: later, limit: 1000 });
      assert.ok(dueLater.some((d) => d.url === busy) && dueLater.some((d) => d.url === other));
      // A 429 is not a failure of the link.
      const rows = await h.store.links.report({ status: "broken", limit: 1000 });
      assert.ok(!rows.some((row) => row.url === busy));
    });

    it("refuses loopback, private and link-local targets, before and after redirects", async () => {
      const port = new URL(s.origin).port;
      const targets = {
        direct: `${s.origin}/ok?direct`,
        name: `http://localhost:${port}/ok?name`,
      };
      const urn = await record(h, "ssrf", "1", Object.values(targets));
      // The loopback server itself is allowed by address; what it redirects to is not.
      const redirects = {
        "127.0.0.2": `${s.origin}/to-127.0.0.2`,
        "10.0.0.1": `${s.origin}/to-10`,
        "169.254.169.254": `${s.origin}/to-169.254`,
      };
      const urnRedirects = await record(h, "ssrf", "2", Object.values(redirects));
      const before = s.seen.length;
      await new LinkChecker(h.store.links, fast).run(only("ssrf"));
      for (const url of Object.values(targets)) {
        const hh = await health(h, urn, url);
        assert.equal(hh.outcome, "blocked", url);
        assert.match(hh.message ?? "", /loopback/, url);
      }
      assert.ok(
        s.seen.slice(before).every((r) => !r.url.includes("direct") && !r.url.includes("name")),
        "nothing was asked of a blocked target",
      );
      await new LinkChecker(h.store.links, { ...fast, allowAddresses: ["127.0.0.1"] }).run(
        only("ssrf"),
      );
      for (const [address, url] of Object.entries(redirects)) {
        const hh = await health(h, urnRedirects, url);
        assert.equal(hh.outcome, "blocked", url);
        assert.match(hh.message ?? "", new RegExp(address.replaceAll(".", "\\.")), url);
      }
    });

    it("keeps at most 2 requests at once per host, however many checks run at once", async () => {
      const hosts = await slowHosts(["127.0.0.4", "127.0.0.5", "127.0.0.6"], "polite");
      const checker = new LinkChecker(h.store.links, {
        ...fast,
        allowPrivate: true,
        concurrency: 16,
      });
      const summary = await checker.run(only("polite"));
      assert.equal(summary.byOutcome.ok, 24);
      for (const x of hosts) {
        assert.equal(x.seen.length, 8);
        assert.equal(x.peak(), 2, x.origin);
        // HEAD answers leave their connection open for the host's next check.
        assert.ok(x.connections() <= 2, `${x.origin}: ${x.connections()} connections`);
      }
      checker.close();
    });

    it("spreads a run over the hosts of its window, each at most 2 at once", async () => {
      // A host's locators in a row: the first 6 due are all the first host's.
      const hosts = await slowHosts(["127.0.0.7", "127.0.0.8", "127.0.0.9"], "spread");
      const checker = new LinkChecker(h.store.links, { ...fast, allowPrivate: true });
      const summary = await checker.run({ ...only("spread"), limit: 6, window: 24 });
      assert.equal(summary.byOutcome.ok, 6);
      for (const x of hosts) {
        assert.equal(x.seen.length, 2, x.origin);
        assert.ok(x.peak() <= 2, `${x.origin}: ${x.peak()} at once`);
      }
      checker.close();
    });
  });
}
