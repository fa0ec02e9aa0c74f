// One outbound HTTP(S) request through the SSRF guard (ssrf-guard.ts), the single way urnkit
// connects to a host on someone's behalf: the link checker's and `urnkit resolve --follow`'s
// requests (follow.ts) and the harvester's (guarded-get.ts). An address literal is judged before
// any connection, a name by the guarded DNS lookup of every new connection; a connection that
// does not open in time is given up. The answer's head is handed back with its body unread: the
// caller reads it or lets it go.

import http, { type IncomingMessage, type OutgoingHttpHeaders } from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import {
  type AddressPolicy,
  type BlockedAddressError,
  checkAddress,
  guardedLookup,
} from "./ssrf-guard.js";

export interface GuardedRequestOptions extends AddressPolicy {
  /** Time to open one connection, in ms (default 5000). */
  connectTimeoutMs?: number;
  /**
   * Where to connect for a host name instead of its own address: host → origin ("urn.fi" →
   * "http://127.0.0.1:8123"). The request keeps its path, query and Host header; the guard
   * checks the address actually connected to. For tests that stand loopback servers in for
   * real hosts.
   */
  connectTo?: ReadonlyMap<string, string>;
  /**
   * Connections kept open between requests. Default none: one connection per request. Either
   * way every new connection goes through the guard; a kept one was guarded when it was opened.
   */
  agents?: { http: http.Agent; https: https.Agent };
}

/** A connection not opened within connectTimeoutMs. */
export class ConnectTimeoutError extends Error {
  readonly code = "connect-timeout";
  constructor(host: string) {
    super(`no connection to ${host} in time`);
    this.name = "ConnectTimeoutError";
  }
}

/** A host as http.request wants it: IPv6 literals without their brackets. */
function bare(hostname: string): string {
  return hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
}

/**
 * The guard's verdict on a URL's host when it is an address literal ("127.0.0.1", "[::1]"):
 * null when it may be connected to, or when it is a name (judged when it is resolved).
 */
export function literalVerdict(
  hostname: string,
  policy: AddressPolicy,
): BlockedAddressError | null {
  const host = bare(hostname);
  return isIP(host) === 0 ? null : checkAddress(host, host, policy);
}

/**
 * Sends `method` to `target` and resolves with the answer as soon as its head has come; rejects
 * with BlockedAddressError when the guard refuses the address, ConnectTimeoutError, or the
 * network's error. Aborting `signal` ends the request, and the answer's body with it.
 */
export function guardedRequest(
  target: URL,
  method: string,
  headers: OutgoingHttpHeaders,
  options: GuardedRequestOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const mapped = options.connectTo?.get(target.hostname);
    const via = mapped === undefined ? target : new URL(mapped);
    const host = bare(via.hostname);
    const blocked = literalVerdict(host, options);
    if (blocked !== null) {
      reject(blocked);
      return;
    }
    const secure = via.protocol === "https:";
    const request = (secure ? https : http).request({
      host,
      port: via.port === "" ? (secure ? 443 : 80) : Number(via.port),
      method,
      path: `${target.pathname}${target.search}`,
      headers: { host: target.host, ...headers },
      agent: options.agents === undefined ? false : options.agents[secure ? "https" : "http"],
      lookup: guardedLookup(options),
      servername: secure && mapped === undefined && isIP(host) === 0 ? host : undefined,
      signal,
    });
    let connectTimer: NodeJS.Timeout | undefined;
    request.on("socket", (socket) => {
      if (!socket.connecting) return;
      connectTimer = setTimeout(() => {
        request.destroy(new ConnectTimeoutError(target.host));
      }, options.connectTimeoutMs ?? 5000);
      socket.once("connect", () => clearTimeout(connectTimer));
    });
    request.on("response", (response) => {
      clearTimeout(connectTimer);
      resolve(response);
    });
    request.on("error", (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    request.on("close", () => clearTimeout(connectTimer));
    request.end();
  });
}
