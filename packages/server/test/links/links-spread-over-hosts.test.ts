// A round's locators spread over their hosts: taken in turns, each host's oldest first, the
// oldest due always among them; a window no larger than the round is taken as it is.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { spreadOverHosts } from "../../src/links/spread-over-hosts.js";

const host = (item: string) => item.slice(0, 1);

describe("spreadOverHosts", () => {
  it("takes the hosts in turns, in the order they first come", () => {
    const due = ["a1", "a2", "a3", "a4", "b1", "b2", "c1", "a5", "c2", "c3"];
    assert.deepEqual(spreadOverHosts(due, 7, host), ["a1", "b1", "c1", "a2", "b2", "c2", "a3"]);
  });

  it("goes on with the hosts that have locators left", () => {
    const due = ["a1", "b1", "a2", "a3", "a4", "a5"];
    assert.deepEqual(spreadOverHosts(due, 5, host), ["a1", "b1", "a2", "a3", "a4"]);
  });

  it("keeps a window no larger than the round as it is", () => {
    const due = ["a1", "a2", "b1"];
    assert.deepEqual(spreadOverHosts(due, 3, host), due);
    assert.deepEqual(spreadOverHosts(due, 10, host), due);
  });

  it("always takes the oldest, and one of each host while the round has room", () => {
    const due = Array.from({ length: 400 }, (_, i) => `${String.fromCharCode(97 + (i % 20))}${i}`);
    for (const limit of [1, 7, 20, 33, 399]) {
      const picked = spreadOverHosts(due, limit, host);
      assert.equal(picked.length, limit);
      assert.equal(picked[0], due[0]);
      assert.equal(new Set(picked).size, limit);
      assert.equal(new Set(picked.map(host)).size, Math.min(limit, 20));
    }
  });
});
