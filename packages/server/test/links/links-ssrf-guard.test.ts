// The SSRF guard: which addresses outbound requests may reach (public unicast only, IPv4 inside
// IPv6 included), the allow-list, and the guarded DNS lookup. No test leaves this machine: the
// lookups are of "localhost".

import assert from "node:assert/strict";
import type { LookupAddress } from "node:dns";
import { describe, it } from "node:test";
import { BlockedAddressError, blockedRange, checkAddress, guardedLookup } from "../../src/index.js";

describe("blockedRange", () => {
  const cases: [string, string | null][] = [
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["100.64.0.1", "carrier-grade-nat"],
    ["192.0.2.1", "reserved"],
    ["240.0.0.1", "reserved"],
    ["8.8.8.8", null],
    ["172.32.0.1", null],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["fc00::1", "unique-local"],
    ["fd12:3456::1", "unique-local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2606:4700::1111", null],
    // IPv4 inside IPv6: mapped (both spellings), NAT64 and 6to4 are judged by the IPv4 address.
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "link-local"],
    ["::ffff:8.8.8.8", null],
    ["64:ff9b::7f00:1", "loopback"],
    ["64:ff9b::808:808", null],
    ["2002:c0a8:0101::1", "private"],
    ["2002:808:808::1", null],
    // Outside 2000::/3 and not special: not public (IPv4-compatible ::a.b.c.d among them).
    ["::7f00:1", "reserved"],
    ["4000::1", "reserved"],
    ["not an address", "invalid"],
  ];
  for (const [address, range] of cases) {
    it(`${address}: ${range ?? "public"}`, () => assert.equal(blockedRange(address), range));
  }
});

describe("checkAddress", () => {
  it("refuses with a BlockedAddressError that names the host, the address and its range", () => {
    const e = checkAddress("intranet.example", "10.0.0.5", {});
    assert.ok(e instanceof BlockedAddressError);
    assert.equal(e.code, "blocked-address");
    assert.equal(e.message, "intranet.example resolves to 10.0.0.5, a private address");
    assert.equal(checkAddress("::1", "::1", {})?.message, "::1 is a loopback address");
  });

  it("allowPrivate lets everything through; allowAddresses only what it lists", () => {
    assert.equal(checkAddress("h", "127.0.0.1", { allowPrivate: true }), null);
    assert.equal(checkAddress("h", "10.0.0.5", { allowAddresses: ["10.0.0.5"] }), null);
    assert.equal(checkAddress("h", "::ffff:10.0.0.5", { allowAddresses: ["10.0.0.5"] }), null);
    assert.ok(checkAddress("h", "10.0.0.6", { allowAddresses: ["10.0.0.5"] }));
    assert.equal(checkAddress("h", "8.8.8.8", {}), null);
  });
});

describe("guardedLookup", () => {
  const resolve = (policy: Parameters<typeof guardedLookup>[0], all: boolean) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[] }>((done) => {
      guardedLookup(policy)("localhost", { all }, (error, address) => done({ error, address }));
    });

  it("refuses a name that resolves to a loopback address", async () => {
    for (const all of [false, true]) {
      const { error } = await resolve({}, all);
      assert.ok(error instanceof BlockedAddressError, String(error));
      assert.match(error.message, /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/);
    }
  });

  it("resolves as dns.lookup does when allowed, one address or all of them", async () => {
    const one = await resolve({ allowPrivate: true }, false);
    assert.equal(one.error, null);
    assert.match(String(one.address), /^(127\.0\.0\.1|::1)$/);
    const all = await resolve({ allowPrivate: true }, true);
    assert.ok(Array.isArray(all.address) && all.address.length >= 1);
  });
});
