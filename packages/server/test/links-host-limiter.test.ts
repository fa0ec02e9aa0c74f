// Politeness: at most `total` tasks at once and `perHost` per host, started in order.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { HostLimiter } from "../src/index.js";

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

  it("passes a task's rejection on and goes on with the others", async () => {
    const limiter = new HostLimiter({ total: 1, perHost: 1 });
    const failed = limiter.run("a", async () => {
      throw new Error("boom");
    });
    const next = limiter.run("a", async () => "next");
    await assert.rejects(failed, /boom/);
    assert.equal(await next, "next");
  });

  it("refuses limits below 1", () => {
    assert.throws(() => new HostLimiter({ total: 0, perHost: 1 }), RangeError);
    assert.throws(() => new HostLimiter({ total: 2, perHost: 0 }), RangeError);
  });
});
