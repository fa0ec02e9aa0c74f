// Politeness: at most `total` tasks at once and `perHost` per host, started in order, a busy
// host's tasks skipped rather than waited on. Counted by the tasks themselves, which end when the
// test says (no clock).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HostLimiter } from "../../src/index.js";

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("HostLimiter", () => {
  it("never runs more than perHost for a host nor total in all; runs every task", async () => {
    const limiter = new HostLimiter({ total: 3, perHost: 2 });
    const running = new Map<string, number>();
    let active = 0;
    let peak = 0;
    const peakPerHost = new Map<string, number>();
    const started: string[] = [];
    const hosts = ["a", "a", "a", "a", "b", "b", "c", "a", "b", "c"];
    const results = await Promise.all(
      hosts.map((host, i) =>
        limiter.run(host, async () => {
          started.push(`${host}${i}`);
          active++;
          running.set(host, (running.get(host) ?? 0) + 1);
          peak = Math.max(peak, active);
          peakPerHost.set(host, Math.max(peakPerHost.get(host) ?? 0, running.get(host) ?? 0));
          await tick(10 + (i % 3) * 5);
          active--;
          running.set(host, (running.get(host) ?? 1) - 1);
          return i;
        }),
      ),
    );
    assert.deepEqual(
      results,
      hosts.map((_, i) => i),
    );
    assert.equal(peak, 3);
    for (const [host, n] of peakPerHost) assert.ok(n <= 2, `${host}: ${n}`);
    // The first two of "a" start at once, the third waits; "b" fills the third slot.
    assert.deepEqual(started.slice(0, 3), ["a0", "a1", "b4"]);
  });

  it("with a host's tasks in a row, keeps every host at its limit and never above", async () => {
    const limiter = new HostLimiter({ total: 64, perHost: 2 });
    const hosts = 40;
    const each = 25;
    const running = new Map<string, number>();
    const finished = new Map<string, number>();
    let active = 0;
    let peakActive = 0;
    let peakPerHost = 0;
    const ends: (() => void)[] = [];
    const done: Promise<number>[] = [];
    let started = 0;
    for (let host = 0; host < hosts; host++) {
      for (let n = 0; n < each; n++) {
        const name = `h${host}`;
        done.push(
          limiter.run(name, () => {
            started++;
            active++;
            running.set(name, (running.get(name) ?? 0) + 1);
            peakActive = Math.max(peakActive, active);
            peakPerHost = Math.max(peakPerHost, running.get(name) ?? 0);
            return new Promise<number>((resolve) => {
              ends.push(() => {
                active--;
                running.set(name, (running.get(name) ?? 1) - 1);
                finished.set(name, (finished.get(name) ?? 0) + 1);
                resolve(n);
              });
            });
          }),
        );
      }
    }
    // Queued host by host, they start across the hosts: the total full at once, 2 a host.
    assert.equal(active, 64);
    assert.equal(running.get("h0"), 2);
    assert.equal(running.get("h31"), 2);
    assert.equal(running.get("h32"), undefined);
    // The tasks end in an order of their own (every third first); each end starts the next.
    let round = 0;
    while (ends.length > 0) {
      const batch = ends.splice(0, ends.length);
      for (const [i, end] of batch.entries()) if (i % 3 === round % 3) end();
      for (const [i, end] of batch.entries()) if (i % 3 !== round % 3) ends.push(end);
      round++;
      await new Promise((resolve) => setImmediate(resolve));
      // Never a slot left idle that a waiting task could take.
      let could = 0;
      for (let host = 0; host < hosts; host++) {
        could += Math.min(2, each - (finished.get(`h${host}`) ?? 0));
      }
      assert.equal(active, Math.min(64, could));
    }
    await Promise.all(done);
    assert.equal(started, hosts * each);
    assert.equal(peakActive, 64);
    assert.equal(peakPerHost, 2);
  });

  it("starts the earliest waiting task whose host has a free slot", async () => {
    const limiter = new HostLimiter({ total: 2, perHost: 1 });
    const order: string[] = [];
    const ends = new Map<string, () => void>();
    const task = (name: string) => () => {
      order.push(name);
      return new Promise<void>((resolve) => ends.set(name, resolve));
    };
    const all = [
      limiter.run("a", task("a1")),
      limiter.run("a", task("a2")),
      limiter.run("b", task("b1")),
      limiter.run("c", task("c1")),
      limiter.run("b", task("b2")),
    ];
    assert.deepEqual(order, ["a1", "b1"]);
    // "a" is free again: a2 came before c1.
    ends.get("a1")?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ["a1", "b1", "a2"]);
    // "b" is free again, but c1 came before b2.
    ends.get("b1")?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ["a1", "b1", "a2", "c1"]);
    ends.get("a2")?.();
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(order, ["a1", "b1", "a2", "c1", "b2"]);
    ends.get("c1")?.();
    ends.get("b2")?.();
    await Promise.all(all);
  });

  it("passes a task's rejection on and goes on with the others", async () => {
    const limiter = new HostLimiter({ total: 1, perHost: 1 });
    const failed = limiter.run("a", async () => {
      throw new Error("boom");
    });
    const next = limiter.run("a", async () => "next");
    await assert.rejects(failed, /boom/);
    assert.equal(await next, "next");
  });

  it("takes a task that throws at once as a rejection", async () => {
    const limiter = new HostLimiter({ total: 1, perHost: 1 });
    const failed = limiter.run("a", () => {
      throw new Error("at once");
    });
    await assert.rejects(failed, /at once/);
    assert.equal(await limiter.run("a", async () => "after"), "after");
  });

  it("refuses limits below 1", () => {
    assert.throws(() => new HostLimiter({ total: 0, perHost: 1 }), RangeError);
    assert.throws(() => new HostLimiter({ total: 2, perHost: 0 }), RangeError);
  });
});
