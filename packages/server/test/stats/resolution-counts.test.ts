// Daily resolution counts: each resolution counted on the UTC day it happened, the day changing at
// midnight, and nothing lost on close; per bucket (namespace, prefix, organisation, outcome,
// crawler or not) and per registered URN.

import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { URN } from "@urnkit/core";
import { namespaceKey } from "../../src/registry/namespace-keys.js";
import {
  type Counted,
  ELSEWHERE,
  ResolutionCounter,
  URN_BUFFER,
} from "../../src/stats/resolution-counts.js";
import type { Namespace } from "../../src/storage/namespaces.js";
import { PrefixRoutes } from "../../src/storage/prefix-routes.js";
import type {
  ResolutionCount,
  ResolutionStat,
  UrnResolutionStat,
} from "../../src/storage/stats.js";
import type { Store } from "../../src/storage/store.js";

/** A store that only keeps what the counter writes. */
function recordingStore(): {
  store: Store;
  written: ResolutionCount[];
  stats: ResolutionStat[];
  urns: UrnResolutionStat[];
  /** URN counts added to their rollup rows past the log. */
  direct: UrnResolutionStat[];
} {
  const direct: UrnResolutionStat[] = [];
  const written: ResolutionCount[] = [];
  const stats: ResolutionStat[] = [];
  const urns: UrnResolutionStat[] = [];
  const store = {
    stats: {
      addResolutionCounts: async (counts: ResolutionCount[]) => {
        written.push(...counts);
      },
      add: async (r: ResolutionStat[], u: UrnResolutionStat[]) => {
        stats.push(...r);
        urns.push(...u);
      },
      rollUpUrnLog: async () => 0,
      addUrns: async (u: UrnResolutionStat[]) => {
        direct.push(...u);
      },
      urnLogSize: async () => urns.length,
    },
  } as unknown as Store;
  return { store, written, stats, urns, direct };
}

const PREFIXES = [
  { prefix: "urn:example:lib-", organisation: "lib", delegate: null },
  { prefix: "urn:example:lib-maps-", organisation: "maps", delegate: null },
];

/** A namespace served here, as resolution reads it (only what the counter reads). */
function served(nid: string): Namespace {
  return { nid, routes: new PrefixRoutes(PREFIXES) } as Namespace;
}

/** The namespaces as a server's cache holds them: one object each until it changes. */
const cached = new Map<string, Namespace>();

/** The record ids of the URNs the tests resolve: one each, in the order first resolved. */
const ids = new Map<string, number>();
function idOf(input: string): number {
  return ids.get(input) ?? (ids.set(input, ids.size + 1).get(input) as number);
}

/** A lookup of `input`: registered ("found"), or not ("unknown", in a namespace served or not). */
function lookup(input: string, kind: "found" | "unknown" = "found", here = true): Counted {
  const urn = new URN(input);
  const key = namespaceKey(urn);
  const nid = urn.nid.toLowerCase();
  const ns = here ? (cached.get(nid) ?? cached.set(nid, served(nid)).get(nid) ?? null) : null;
  const owner = ns?.routes.owner(key) ?? null;
  if (kind === "unknown") return { kind, urn, key, ns, owner };
  return {
    kind,
    urn,
    key,
    ns,
    owner,
    view: {
      id: idOf(input),
      urn: input,
      status: "active",
      best: null,
      successor: null,
      reason: null,
      deactivated: null,
    },
  };
}

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** One resolution of `input`, answered with a redirect, by a browser. */
function resolve(counter: ResolutionCounter, input: string): void {
  counter.add(lookup(input), "redirect", BROWSER);
}

describe("ResolutionCounter", () => {
  beforeEach(() => {
    mock.timers.enable({
      apis: ["setTimeout", "setInterval", "Date"],
      now: Date.parse("2026-11-22T23:59:58.000Z"),
    });
  });
  afterEach(() => mock.timers.reset());

  it("counts by NID, in any case, and writes on the flush timer", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 1000 });
    resolve(counter, "urn:example:a");
    resolve(counter, "URN:EXAMPLE:b");
    resolve(counter, "urn:isbn:0451450523");
    mock.timers.tick(1000);
    await Promise.resolve();
    assert.deepEqual(written, [
      { nid: "example", day: "2026-11-22", count: 2 },
      { nid: "isbn", day: "2026-11-22", count: 1 },
    ]);
    await counter.close();
  });

  it("counts a resolution after midnight (UTC) on the new day", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    resolve(counter, "urn:example:a");
    mock.timers.tick(1000); // 23:59:59
    resolve(counter, "urn:example:a");
    mock.timers.tick(1000); // 00:00:00, the next day
    resolve(counter, "urn:example:a");
    await counter.close();
    assert.deepEqual(written, [
      { nid: "example", day: "2026-11-22", count: 2 },
      { nid: "example", day: "2026-11-23", count: 1 },
    ]);
  });

  it("keeps counting over several days without a flush in between", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 10 * 86400000 });
    for (let day = 0; day < 3; day++) {
      resolve(counter, "urn:example:a");
      mock.timers.tick(86400000);
    }
    await counter.close();
    assert.deepEqual(
      written.map((c) => `${c.day} ${c.count}`),
      ["2026-11-22 1", "2026-11-23 1", "2026-11-24 1"],
    );
  });

  it("holds a URN's counts a minute before writing them, the buckets' not", async () => {
    const { store, stats, urns } = recordingStore();
    // Noon: no midnight (which writes everything) within the test.
    mock.timers.setTime(Date.parse("2026-11-22T12:00:00.000Z"));
    const held = new ResolutionCounter(store, { flushMs: 5000, holdMs: 60000 });
    resolve(held, "urn:example:lib-hold");
    mock.timers.tick(5000);
    await Promise.resolve();
    // The bucket at the first flush; the URN still held.
    assert.deepEqual(
      stats.map((s) => s.count),
      [1],
    );
    assert.equal(urns.length, 0);
    resolve(held, "urn:example:lib-hold");
    mock.timers.tick(50000); // 55 s after counting started
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(urns.length, 0);
    mock.timers.tick(5000); // a minute: both resolutions, in one entry
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.deepEqual(
      urns.map((u) => `${u.record} ${u.count}`),
      [`${idOf("urn:example:lib-hold")} 2`],
    );
    assert.deepEqual(
      stats.map((s) => s.count),
      [1, 1],
    );
    // Held counts still unwritten are written on close, even with no bucket count since.
    resolve(held, "urn:example:lib-hold");
    mock.timers.tick(5000);
    await Promise.resolve();
    assert.equal(urns.length, 1);
    await held.close();
    assert.deepEqual(
      urns.map((u) => u.count),
      [2, 1],
    );
  });

  it("writes the URNs held at the next flush once there are too many", async () => {
    const { store, urns } = recordingStore();
    mock.timers.setTime(Date.parse("2026-11-22T12:00:00.000Z"));
    const counter = new ResolutionCounter(store, { flushMs: 5000, holdMs: 60000, holdBound: 3 });
    resolve(counter, "urn:example:lib-b1");
    resolve(counter, "urn:example:lib-b2");
    mock.timers.tick(5000);
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(urns.length, 0);
    resolve(counter, "urn:example:lib-b3");
    mock.timers.tick(5000); // added up at this flush: 3 held, at the bound, written at the next
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    mock.timers.tick(5000);
    for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
    assert.equal(urns.length, 3);
    await counter.close();
  });

  it("writes nothing when nothing was resolved", async () => {
    const { store, written } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 1000 });
    mock.timers.tick(3000);
    await counter.close();
    assert.deepEqual(written, []);
  });

  it("counts each bucket (namespace, prefix, organisation, outcome, crawler) and each URN apart", async () => {
    const { store, stats, urns } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    // The longest prefix decides: lib-maps- is the maps organisation's, nested in lib's.
    counter.add(lookup("urn:example:lib-1"), "redirect", BROWSER);
    counter.add(lookup("urn:example:lib-1"), "redirect", GOOGLEBOT);
    counter.add(lookup("urn:example:lib-1"), "uri-list", BROWSER);
    counter.add(lookup("urn:example:lib-maps-9"), "gone", undefined);
    counter.add(lookup("urn:example:lib-404", "unknown"), "not-found", BROWSER);
    counter.add(lookup("urn:example:other"), "metadata", BROWSER);
    counter.add(lookup("urn:made-up:x", "unknown", false), "not-found", GOOGLEBOT);
    await counter.close();
    const day = "2026-11-22";
    const bucket = (
      nid: string,
      prefix: string,
      organisation: string,
      outcome: string,
      bot: boolean,
      count: number,
    ) => ({ day, nid, prefix, organisation, outcome, bot, count });
    assert.deepEqual(stats, [
      bucket("example", "urn:example:lib-", "lib", "redirect", false, 1),
      bucket("example", "urn:example:lib-", "lib", "redirect", true, 1),
      bucket("example", "urn:example:lib-", "lib", "uri-list", false, 1),
      bucket("example", "urn:example:lib-", "lib", "not-found", false, 1),
      bucket("example", "urn:example:lib-maps-", "maps", "gone", false, 1),
      bucket("example", "", "", "metadata", false, 1),
      bucket("(elsewhere)", "", "", "not-found", true, 1),
    ]);
    // Only registered URNs have a row of their own: one a day, people and crawlers apart.
    assert.deepEqual(urns, [
      {
        day,
        record: idOf("urn:example:lib-1"),
        nid: "example",
        prefix: "urn:example:lib-",
        organisation: "lib",
        count: 2,
        bots: 1,
      },
      {
        day,
        record: idOf("urn:example:lib-maps-9"),
        nid: "example",
        prefix: "urn:example:lib-maps-",
        organisation: "maps",
        count: 1,
        bots: 0,
      },
      {
        day,
        record: idOf("urn:example:other"),
        nid: "example",
        prefix: "",
        organisation: "",
        count: 1,
        bots: 0,
      },
    ]);
  });

  it("keeps one bucket however many made-up URNs and namespaces are resolved", async () => {
    const { store, stats, urns } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    for (let i = 0; i < 500; i++) {
      counter.add(lookup(`urn:made-up-${i}:x`, "unknown", false), "not-found", `agent ${i}`);
      counter.add(lookup(`urn:example:nothing-${i}`, "unknown"), "not-found", BROWSER);
    }
    await counter.close();
    assert.deepEqual(
      stats.map((s) => `${s.nid} ${s.prefix || "-"} ${s.count}`),
      ["(elsewhere) - 500", "example - 500"],
    );
    assert.equal(urns.length, 0);
  });

  it("writes many URNs a slice at a time, every one of them", async () => {
    const { store, urns } = recordingStore();
    const writes: number[] = [];
    const addStats = store.stats.add.bind(store);
    store.stats.add = async (r, u) => {
      writes.push(u.length);
      await addStats(r, u);
    };
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    mock.timers.reset(); // the slices wait for setImmediate
    for (let i = 0; i < 4500; i++) resolve(counter, `urn:example:n-${i}`);
    await counter.close();
    assert.deepEqual(writes, [2000, 2000, 500]);
    assert.equal(new Set(urns.map((u) => u.record)).size, 4500);
  });

  it("adds buffered resolutions up when the buffer is full, and loses none", async () => {
    const { store, stats, urns } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    const a = lookup("urn:example:lib-buffer-a");
    const b = lookup("urn:example:lib-buffer-b");
    // One more than the buffer holds, and then some: a by a browser and a crawler in turn, b
    // once by a browser after the buffer was added up.
    const n = URN_BUFFER + 10;
    for (let i = 0; i < n; i++) counter.add(a, "redirect", i % 2 === 0 ? BROWSER : GOOGLEBOT);
    counter.add(b, "redirect", BROWSER);
    await counter.close();
    const row = (l: Counted) => urns.find((u) => l.kind === "found" && u.record === l.view.id);
    assert.equal(row(a)?.count, n / 2);
    assert.equal(row(a)?.bots, n / 2);
    assert.equal(row(b)?.count, 1);
    assert.equal(row(b)?.bots, 0);
    assert.equal(
      stats.reduce((sum, s) => sum + s.count, 0),
      n + 1,
    );
  });

  it("counts unregistered URNs in their buckets only, across a full buffer", async () => {
    const { store, stats, urns } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    const a = lookup("urn:example:lib-mixed-a");
    const unknown = lookup("urn:example:lib-mixed-nowhere", "unknown");
    const elsewhere = lookup("urn:elsewhere:mixed", "unknown", false);
    // In turn: a by a browser, an unknown URN of a served namespace by a crawler, a URN of a
    // namespace not served here by a browser; past the buffer's size (262,155: a third each).
    const n = URN_BUFFER + 11;
    for (let i = 0; i < n; i++) {
      if (i % 3 === 0) counter.add(a, "redirect", BROWSER);
      else if (i % 3 === 1) counter.add(unknown, "not-found", GOOGLEBOT);
      else counter.add(elsewhere, "not-found", BROWSER);
    }
    await counter.close();
    const third = n / 3;
    assert.deepEqual(
      urns.map((u) => [u.record, u.prefix, u.count, u.bots]),
      [[a.kind === "found" ? a.view.id : 0, "urn:example:lib-", third, 0]],
    );
    const sum = (f: (s: ResolutionStat) => boolean) =>
      stats.filter(f).reduce((total, s) => total + s.count, 0);
    assert.equal(
      sum((s) => s.outcome === "redirect" && s.prefix === "urn:example:lib-" && !s.bot),
      third,
    );
    assert.equal(
      sum((s) => s.outcome === "not-found" && s.nid === "example" && s.bot),
      third,
    );
    assert.equal(
      sum((s) => s.outcome === "not-found" && s.nid === ELSEWHERE && !s.bot),
      third,
    );
  });

  it("rolls up the URN log's days before today at start; past its bound, adds URNs to their rows past it", async () => {
    const { store, urns, direct } = recordingStore();
    const rollUps: string[] = [];
    let left = 0;
    let size = 0;
    // Each roll-up call moves one slice; two slices are waiting every time one starts.
    store.stats.rollUpUrnLog = async (until) => {
      if (left === 0) left = 2;
      rollUps.push(`${until} ${left}`);
      left -= 1;
      if (left === 0) size = 0;
      return left === 0 ? 0 : 1;
    };
    store.stats.urnLogSize = async () => size;
    const settle = () => new Promise((resolve) => setImmediate(resolve));
    const counter = new ResolutionCounter(store, { flushMs: 60000, logBound: 1000 });
    await settle();
    await settle();
    assert.deepEqual(rollUps, ["2026-11-22 2", "2026-11-22 1"]);
    // Within its bound the log takes the URNs, and is not rolled up before the day ends.
    resolve(counter, "urn:example:a");
    size = 1000;
    await counter.flush();
    assert.equal(urns.length, 1);
    resolve(counter, "urn:example:a");
    size = 1001;
    await counter.flush();
    assert.equal(urns.length, 2);
    // Past it, nor then: the next URNs go straight to their rows, the log left as it is.
    resolve(counter, "urn:example:a");
    resolve(counter, "urn:example:b");
    await counter.flush();
    await settle();
    assert.equal(rollUps.length, 2);
    assert.equal(urns.length, 2);
    assert.deepEqual(
      direct.map((u) => `${u.record} ${u.count}`),
      [`${idOf("urn:example:a")} 1`, `${idOf("urn:example:b")} 1`],
    );
    // Midnight rolls the ended day up; the log is within its bound again, and takes URNs again.
    mock.timers.tick(2000);
    for (let i = 0; i < 6; i++) await settle();
    assert.deepEqual(rollUps.slice(2), ["2026-11-23 2", "2026-11-23 1"]);
    resolve(counter, "urn:example:a");
    await counter.flush();
    assert.equal(urns.length, 3);
    assert.equal(direct.length, 2);
    await counter.close();
  });

  it("rolls up the day that ended after its last counts are written", async () => {
    const { store, urns } = recordingStore();
    const rollUps: string[] = [];
    store.stats.rollUpUrnLog = async (until) => {
      rollUps.push(`${until} after ${urns.map((u) => u.day).join(",")}`);
      return 0;
    };
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    resolve(counter, "urn:example:a");
    mock.timers.tick(2000); // 00:00:00, the next day
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(rollUps, ["2026-11-22 after ", "2026-11-23 after 2026-11-22"]);
    await counter.close();
  });

  it("writes one row a bucket when a namespace is read again (a new object) mid-flush", async () => {
    const { store, stats } = recordingStore();
    const counter = new ResolutionCounter(store, { flushMs: 60000 });
    const before = lookup("urn:example:lib-1");
    // The same namespace after a change: the cache holds a new object with the same routes.
    const again = served("example");
    const after = { ...before, ns: again, owner: again.routes.owner(before.key) } as Counted;
    counter.add(before, "redirect", BROWSER);
    counter.add(after, "redirect", BROWSER);
    await counter.close();
    assert.deepEqual(
      stats.map((s) => `${s.nid} ${s.prefix} ${s.outcome} ${s.count}`),
      ["example urn:example:lib- redirect 2"],
    );
  });
});
