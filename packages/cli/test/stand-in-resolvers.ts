// One loopback server standing in for every host of the public-resolver table, so that tests of
// `urnkit resolve --follow` and `urnkit resolvers check` never ask a real resolver: the
// URNKIT_RESOLVER_ORIGINS value it gives maps every host the table names to it. It answers by
// the Host header and path a test sets, 404 for anything else, and records every request and how
// many ran at once per host.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { publicResolverTable } from "@urnkit/namespaces";

export type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface StandIn {
  origin: string;
  /** URNKIT_RESOLVER_ORIGINS: every host of the table (and `extraHosts`) → this server. */
  env: Record<string, string>;
  /** Every request: method, Host header, path and query. */
  seen: { method: string; host: string; url: string }[];
  /** The most requests in flight at once, per Host header and over all. */
  peak: Map<string, number>;
  peakTotal: () => number;
  /** Forgets the peaks measured so far. */
  reset(): void;
  /** Sets the answer for requests to `host` (any path, or only `path`). */
  on(host: string, handler: Handler, path?: string): void;
  close(): Promise<void>;
}

/** Every host the table's rows send requests to. */
export function tableHosts(): string[] {
  const hosts = new Set<string>();
  for (const row of publicResolverTable.rows) {
    const url = publicResolverTable.urlFor(row.id, row.example);
    if (url !== null) hosts.add(new URL(url).hostname);
  }
  return [...hosts];
}

export async function standIn(
  options: { delayMs?: number; extraHosts?: string[] } = {},
): Promise<StandIn> {
  const handlers = new Map<string, Handler>();
  const seen: StandIn["seen"] = [];
  const inFlight = new Map<string, number>();
  const peak = new Map<string, number>();
  let total = 0;
  let peakTotal = 0;
  const server = createServer((req, res) => {
    const host = req.headers.host ?? "";
    seen.push({ method: req.method ?? "", host, url: req.url ?? "" });
    inFlight.set(host, (inFlight.get(host) ?? 0) + 1);
    peak.set(host, Math.max(peak.get(host) ?? 0, inFlight.get(host) ?? 0));
    peakTotal = Math.max(peakTotal, ++total);
    res.on("close", () => {
      inFlight.set(host, (inFlight.get(host) ?? 1) - 1);
      total--;
    });
    const answer = () => {
      const handler =
        handlers.get(`${host} ${(req.url ?? "").split("?")[0]}`) ?? handlers.get(host);
      if (handler !== undefined) handler(req, res);
      else res.writeHead(404).end();
    };
    if (options.delayMs === undefined) answer();
    else setTimeout(answer, options.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hosts = [...tableHosts(), ...(options.extraHosts ?? [])];
  return {
    origin,
    env: { URNKIT_RESOLVER_ORIGINS: hosts.map((h) => `${h}=${origin}`).join(",") },
    seen,
    peak,
    peakTotal: () => peakTotal,
    reset() {
      peak.clear();
      peakTotal = 0;
    },
    on(host, handler, path) {
      handlers.set(path === undefined ? host : `${host} ${path}`, handler);
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A handler answering `status` with the headers given. */
export function answer(status: number, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, headers).end();
  };
}
