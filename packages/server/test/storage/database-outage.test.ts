// A database that cannot be reached or written must not end the process: which failures count
// as that, the backoff background tasks retry by, the statistics flush keeping what it could not
// write (bounded) and writing it once the database is back, and, on a SQLite registry made
// read-only under a listening server, writes answering 503 with Retry-After while resolutions
// go on, and everything written again afterwards. The PostgreSQL side is pg-outage.test.ts.

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { Backoff } from "../../src/runtime/backoff.js";
import type { TaskLog } from "../../src/runtime/task-log.js";
import { buildServer } from "../../src/server.js";
import { ResolutionCounter } from "../../src/stats/resolution-counts.js";
import { isDatabaseUnavailable } from "../../src/storage/database-unavailable.js";
import type { Namespace } from "../../src/storage/namespaces.js";
import type { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import type {
  ResolutionCount,
  ResolutionStat,
  UrnResolutionStat,
} from "../../src/storage/stats.js";
import type { Store } from "../../src/storage/store.js";
import { type EngineHandle, sqlite } from "../engines.js";
import { startLoad, waitFor, watchUnhandledRejections } from "../outage-load.js";

const actor = { tokenId: null };

describe("isDatabaseUnavailable", () => {
  const unavailable: [string, unknown][] = [
    [
      "connection refused",
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
    ],
    ["connection reset", Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" })],
    ["pg lost the connection", new Error("Connection terminated unexpectedly")],
    ["pg's connect timeout", new Error("timeout exceeded when trying to connect")],
    ["admin_shutdown", Object.assign(new Error("terminating connection"), { code: "57P01" })],
    ["crash_shutdown", Object.assign(new Error("crash"), { code: "57P02" })],
    ["cannot_connect_now", Object.assign(new Error("starting up"), { code: "57P03" })],
    ["class 08", Object.assign(new Error("connection failure"), { code: "08006" })],
    ["a standby refusing a write", Object.assign(new Error("read-only"), { code: "25006" })],
    ["a read-only SQLite file", Object.assign(new Error("readonly"), { code: "SQLITE_READONLY" })],
    [
      "a SQLite I/O error",
      Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR_WRITE" }),
    ],
    ["a full disk", Object.assign(new Error("full"), { code: "SQLITE_FULL" })],
    ["a locked SQLite file", Object.assign(new Error("busy"), { code: "SQLITE_BUSY" })],
    [
      "every address of a name refused",
      new AggregateError([Object.assign(new Error("refused"), { code: "ECONNREFUSED" })]),
    ],
    ["a cause", new Error("wrapped", { cause: Object.assign(new Error("x"), { code: "57P01" }) })],
  ];
  for (const [what, error] of unavailable)
    it(`counts ${what}`, () => assert.equal(isDatabaseUnavailable(error), true));

  const others: [string, unknown][] = [
    ["a unique violation", Object.assign(new Error("duplicate key"), { code: "23505" })],
    [
      "a SQLite constraint",
      Object.assign(new Error("constraint"), { code: "SQLITE_CONSTRAINT_UNIQUE" }),
    ],
    ["a syntax error", Object.assign(new Error("syntax"), { code: "42601" })],
    ["a plain bug", new TypeError("undefined is not a function")],
    ["nothing", undefined],
  ];
  for (const [what, error] of others)
    it(`does not count ${what}`, () => assert.equal(isDatabaseUnavailable(error), false));
});

describe("Backoff", () => {
  it("doubles up to its cap, each wait between half and all of it, and starts again on reset", () => {
    let r = 0.999;
    const backoff = new Backoff({ initialMs: 100, maxMs: 1000, random: () => r });
    const waits = Array.from({ length: 6 }, () => backoff.next());
    assert.deepEqual(waits, [100, 200, 400, 800, 1000, 1000]);
    r = 0;
    assert.equal(backoff.next(), 500);
    assert.equal(backoff.failures, 7);
    backoff.reset();
    assert.equal(backoff.next(), 50);
  });
});

/** A store whose statistics writes fail while `down` is set, like a database that went away. */
function flakyStore() {
  const state = {
    down: false,
    counts: [] as ResolutionCount[],
    stats: [] as ResolutionStat[],
    urns: [] as UrnResolutionStat[],
    failures: 0,
  };
  const refuse = () => {
    state.failures += 1;
    throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), {
      code: "ECONNREFUSED",
    });
  };
  const store = {
    stats: {
      addResolutionCounts: async (c: ResolutionCount[]) => {
        if (state.down) refuse();
        state.counts.push(...c);
      },
      add: async (r: ResolutionStat[], u: UrnResolutionStat[]) => {
        if (state.down) refuse();
        state.stats.push(...r);
        state.urns.push(...u);
      },
      addUrns: async (u: UrnResolutionStat[]) => {
        if (state.down) refuse();
        state.urns.push(...u);
      },
      rollUpUrnLog: async () => 0,
      urnLogSize: async () => 0,
    },
  } as unknown as Store;
  return { store, state };
}

/** A resolution of record `id` in namespace "example" (outside every prefix). */
const EXAMPLE = { nid: "example", routes: { owner: () => null } } as unknown as Namespace;
function found(id: number) {
  return { kind: "found", ns: EXAMPLE, owner: null, view: { id } } as never;
}

/** A log that keeps its lines. */
function keptLog(): TaskLog & { lines: { level: string; details: object; message: string }[] } {
  const lines: { level: string; details: object; message: string }[] = [];
  return {
    lines,
    info: (details, message) => lines.push({ level: "info", details, message }),
    warn: (details, message) => lines.push({ level: "warn", details, message }),
    error: (details, message) => lines.push({ level: "error", details, message }),
  };
}

const sum = (rows: readonly { count: number }[]) => rows.reduce((n, r) => n + r.count, 0);

describe("ResolutionCounter while the database is away", () => {
  it("keeps what it could not write, retries with backoff, and writes it all once back", async () => {
    const watch = watchUnhandledRejections();
    const { store, state } = flakyStore();
    const log = keptLog();
    const counter = new ResolutionCounter(store, { flushMs: 20, holdMs: 0, retryMaxMs: 50, log });
    try {
      state.down = true;
      for (let i = 0; i < 30; i++) counter.add(found((i % 5) + 1), "redirect", undefined);
      await waitFor("three failed writes", () => state.failures >= 3, 10_000);
      await assert.rejects(counter.flush(), { code: "ECONNREFUSED" });
      for (let i = 0; i < 20; i++) counter.add(found((i % 5) + 1), "redirect", undefined);
      await waitFor("more failed writes", () => state.failures >= 6, 10_000);
      state.down = false;
      await waitFor("everything written", () => sum(state.counts) === 50, 10_000);
      await counter.flush();
      assert.equal(sum(state.counts), 50);
      assert.equal(sum(state.stats), 50);
      // Five URNs, ten resolutions each, however many rows they took.
      assert.equal(
        state.urns.reduce((n, u) => n + u.count + u.bots, 0),
        50,
      );
      assert.ok(log.lines.some((l) => l.level === "warn" && /not written/.test(l.message)));
      assert.ok(log.lines.some((l) => l.level === "info" && /written again/.test(l.message)));
      assert.ok(!log.lines.some((l) => /lost/.test(l.message)), "nothing lost within the bound");
    } finally {
      await counter.close();
      watch.stop();
    }
    assert.deepEqual(watch.rejections, []);
  });

  it("keeps at most its bound of URN counts, the oldest dropped and reported as lost", async () => {
    const { store, state } = flakyStore();
    const log = keptLog();
    const counter = new ResolutionCounter(store, {
      flushMs: 3_600_000,
      holdMs: 0,
      unwrittenBound: 10,
      log,
    });
    state.down = true;
    for (let id = 1; id <= 25; id++) counter.add(found(id), "redirect", undefined);
    await assert.rejects(counter.flush());
    const lost = log.lines.find((l) => l.level === "error" && /lost/.test(l.message));
    assert.deepEqual((lost?.details as { lost?: object } | undefined)?.lost, {
      resolutions: 0,
      urnCounts: 15,
    });
    state.down = false;
    await counter.flush();
    // The buckets kept all 25; the URNs the newest 10.
    assert.equal(sum(state.stats), 25);
    assert.deepEqual(
      state.urns.map((u) => u.record),
      [16, 17, 18, 19, 20, 21, 22, 23, 24, 25],
    );
    await counter.close();
  });

  it("does not reject on close with the database away, and logs what it could not write", async () => {
    const { store, state } = flakyStore();
    const log = keptLog();
    const counter = new ResolutionCounter(store, { flushMs: 3_600_000, log });
    counter.add(found(1), "redirect", undefined);
    state.down = true;
    await counter.close();
    assert.ok(
      log.lines.some((l) => l.level === "error" && /before the server stopped/.test(l.message)),
    );
  });
});

describe("a SQLite registry that cannot be written, under load", () => {
  let h: EngineHandle;
  let app: FastifyInstance;
  let base: string;
  let token: string;

  before(async () => {
    h = await sqlite.open();
    app = await buildServer({ store: h.store, statistics: { flushMs: 100, retryMaxMs: 200 } });
    token = (await issueToken(h.store, { role: "admin" }, actor)).token;
    await h.store.namespaces.create({ nid: "example" }, actor);
    const created = await app.inject({
      method: "POST",
      url: "/api/v1/urns",
      headers: { authorization: `Bearer ${token}` },
      payload: {
        urn: "urn:example:outage",
        status: "active",
        locators: [{ url: "https://example.org/outage" }],
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  it("answers writes 503 with Retry-After, keeps resolving and counting, and recovers", async () => {
    const watch = watchUnhandledRejections();
    const db = (h.store as SqliteStore).db;
    const counted = async () =>
      Number((await h.rawRows("resolution_counts")).reduce((n, r) => n + Number(r.count), 0));
    try {
      const load = startLoad(base, { urn: "urn:example:outage", token, pauseMs: 2 });
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The file read-only as far as this connection is concerned: every write fails with
      // SQLITE_READONLY, as when the file or its directory becomes unwritable.
      db.pragma("query_only = ON");
      const outageFrom = Date.now();
      await waitFor("writes refused", () =>
        load.answers.some((a) => a.kind === "write" && a.sent > outageFrom && a.status === 503),
      );
      await new Promise((resolve) => setTimeout(resolve, 800));
      const outageTo = Date.now();
      db.pragma("query_only = OFF");
      await waitFor("a write accepted again", () =>
        load.answers.some((a) => a.kind === "write" && a.sent > outageTo && a.status === 201),
      );
      const answers = await load.stop();

      const during = answers.filter(
        (a) => a.kind === "write" && a.sent > outageFrom && a.answered < outageTo,
      );
      assert.ok(during.length > 0);
      for (const a of during) {
        assert.equal(a.status, 503);
        assert.equal(a.code, "database-unavailable");
        assert.ok(Number(a.retryAfter) > 0, "Retry-After");
      }
      // Resolutions need no write: they went on, every one a redirect.
      const resolutions = answers.filter((a) => a.kind === "resolve");
      assert.ok(resolutions.some((a) => a.sent > outageFrom && a.answered < outageTo));
      assert.deepEqual([...new Set(resolutions.map((a) => a.status))], [303]);
      // Each counted once the file could be written again: none lost.
      await waitFor(
        "every resolution counted",
        async () => (await counted()) === resolutions.length,
      );
      const after = await fetch(`${base}/urn:example:outage`, { redirect: "manual" });
      assert.equal(after.status, 303);
    } finally {
      db.pragma("query_only = OFF");
      watch.stop();
    }
    assert.deepEqual(watch.rejections, []);
  });
});
