// The SSRF guard of every outbound request urnkit makes on a user's or a registrant's behalf
// (following a URN to its public resolver, checking locators): no connection to an address that
// is not public unicast, i.e. loopback, private (RFC 1918, unique local fc00::/7), link-local,
// unspecified, multicast, carrier-grade NAT or reserved, IPv4 inside IPv6 included (mapped
// ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4). The check is on the address connected to, after DNS
// (a name that resolves to any such address is refused), so a public name cannot smuggle a
// private address in; follow.ts checks again on every redirect.

import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/** Which addresses a request may reach besides public unicast ones. */
export interface AddressPolicy {
  /** Allow every address (for tests against loopback servers, or an intranet). Default false. */
  allowPrivate?: boolean;
  /** Addresses allowed although they are not public ("10.0.0.5", "::1"); the rest stays guarded. */
  allowAddresses?: readonly string[];
}

/** A connection refused by the guard: `address` is in `range` ("loopback", "private", …). */
export class BlockedAddressError extends Error {
  readonly code = "blocked-address";
  constructor(
    readonly host: string,
    readonly address: string,
    readonly range: string,
  ) {
    super(
      host === address
        ? `${address} is a ${range} address`
        : `${host} resolves to ${address}, a ${range} address`,
    );
    this.name = "BlockedAddressError";
  }
}

/** ipaddr.js's range names as words: linkLocal → link-local. */
function words(range: string): string {
  return range.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** The IPv4 address an IPv6 address carries (mapped, RFC 6145, NAT64 /96, 6to4), or null. */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = ip.parts;
  const v4 = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  switch (ip.range()) {
    case "ipv4Mapped":
      return ip.toIPv4Address();
    case "rfc6145":
      return v4(p[6] as number, p[7] as number);
    case "rfc6052":
      // 64:ff9b::/96 holds the address in its last 32 bits; the local-use 64:ff9b:1::/48 is not
      // public translation, and is refused below as it is.
      return p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0
        ? v4(p[6] as number, p[7] as number)
        : null;
    case "6to4":
      return v4(p[1] as number, p[2] as number);
    default:
      return null;
  }
}

/**
 * Why `address` (an IPv4 or IPv6 literal, without brackets) may not be connected to: its range
 * ("loopback", "private", "link-local", "unspecified", "multicast", "unique-local", "reserved",
 * …), or null for a public unicast address. Not an address at all: "invalid".
 */
export function blockedRange(address: string): string | null {
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return "invalid";
  }
  if (ip.kind() === "ipv4") {
    const range = (ip as ipaddr.IPv4).range();
    return range === "unicast" ? null : words(range);
  }
  const v6 = ip as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner !== null) {
    const range = inner.range();
    return range === "unicast" ? null : words(range);
  }
  const range = v6.range();
  if (range !== "unicast") return words(range);
  // Only 2000::/3 is global unicast; the rest of "unicast" is unassigned or deprecated
  // (IPv4-compatible ::a.b.c.d among them).
  return ((v6.parts[0] as number) & 0xe000) === 0x2000 ? null : "reserved";
}

/** The canonical text of an address (IPv4-mapped IPv6 as IPv4), to compare allow-lists with. */
function canonical(address: string): string {
  try {
    return ipaddr.process(address).toString();
  } catch {
    return address;
  }
}

/** The guard's verdict on connecting to `address` for `host`: null, or the error to fail with. */
export function checkAddress(
  host: string,
  address: string,
  policy: AddressPolicy,
): BlockedAddressError | null {
  if (policy.allowPrivate === true) return null;
  const range = blockedRange(address);
  if (range === null) return null;
  if (policy.allowAddresses?.some((a) => canonical(a) === canonical(address))) return null;
  return new BlockedAddressError(host, address, range);
}

/**
 * A `lookup` for http.request and net.connect that resolves as dns.lookup does and fails with
 * BlockedAddressError when any address the name resolves to is refused.
 */
export function guardedLookup(policy: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error !== null) {
        callback(error, "", 0);
        return;
      }
      for (const { address } of addresses) {
        const blocked = checkAddress(hostname, address, policy);
        if (blocked !== null) {
          callback(blocked, "", 0);
          return;
        }
      }
      const first = addresses[0];
      if (options.all === true) callback(null, addresses);
      else if (first === undefined)
        callback(
          Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }),
          "",
          0,
        );
      else callback(null, first.address, first.family);
    });
  };
}
