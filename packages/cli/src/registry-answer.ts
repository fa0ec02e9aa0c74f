// What the registry the user points `urnkit resolve` at says about a URN before the public
// resolvers do: a database opened in place (--db, through the resolver's own lookup) or a running
// urnkit server asked over HTTP (--server, GET /{urn} without following its redirect).

import type { URN } from "@urnkit/core";
import type { Store } from "@urnkit/server";

/**
 * locator: the record's best locator; delegated: the namespace hands the URN to another resolver;
 * redirect: the server redirected (303/302/307); successor: deactivated, with a successor (the
 * server's 301); gone: deactivated (410); reserved: reserved but not in use; no-locator: active
 * without a locator; not-registered: the registry serves the URN's namespace but does not hold it.
 */
export type RegistryOutcome =
  | "locator"
  | "delegated"
  | "redirect"
  | "successor"
  | "gone"
  | "reserved"
  | "no-locator"
  | "not-registered";

export interface RegistryAnswer {
  source: "db" | "server";
  outcome: RegistryOutcome;
  /** Where the registry sends the URN (a URL), when it does. */
  location: string | null;
  /** The successor URN, for `successor` from a database. */
  successor?: string;
  /** The HTTP status, for a server's answer. */
  status?: number;
}

/** The registry database's answer, or null when it does not serve the URN's namespace. */
export async function answerFromStore(store: Store, urn: URN): Promise<RegistryAnswer | null> {
  const { lookup } = await import("@urnkit/server");
  const found = await lookup(store, urn.href);
  if (found.kind === "delegated") {
    return { source: "db", outcome: "delegated", location: found.location };
  }
  if (found.kind === "unknown" && found.ns !== null) {
    return { source: "db", outcome: "not-registered", location: null };
  }
  if (found.kind !== "found") return null;
  const { view } = found;
  if (view.status === "reserved") return { source: "db", outcome: "reserved", location: null };
  if (view.status === "deactivated") {
    return view.successor === null
      ? { source: "db", outcome: "gone", location: null }
      : { source: "db", outcome: "successor", location: null, successor: view.successor };
  }
  return view.best === null
    ? { source: "db", outcome: "no-locator", location: null }
    : { source: "db", outcome: "locator", location: view.best };
}

/**
 * A urnkit server's answer to GET {server}/{urn} (the URN without its f-component): its redirect,
 * tombstone, or the code of its 404 (reserved, no-locator; unknown-urn is not-registered when the
 * server serves the namespace, which GET /api/v1/namespaces/{nid} says). Null for a 400 and for a
 * URN in a namespace the server does not serve; throws when the server cannot be reached or
 * answers anything else.
 */
export async function answerFromServer(
  server: string,
  urn: URN,
  timeoutMs: number,
): Promise<RegistryAnswer | null> {
  const base = server.endsWith("/") ? server : `${server}/`;
  const href = urn.fComponent === null ? urn.href : urn.href.slice(0, urn.href.indexOf("#"));
  // The URN goes in as the path, its r- and q-components as the server reads them.
  const url = new URL(base + href);
  let response: Response;
  try {
    response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unreachable(server, error);
  }
  const status = response.status;
  const location = response.headers.get("location");
  const at = (where: string) => new URL(where, url).href;
  if (status === 404) {
    const code = await problemCode(response);
    if (code === "reserved" || code === "no-locator") {
      return { source: "server", outcome: code, location: null, status };
    }
    if (code === "unknown-urn" && (await servesNamespace(base, urn.nid, timeoutMs, server))) {
      return { source: "server", outcome: "not-registered", location: null, status };
    }
    return null;
  }
  await response.body?.cancel();
  if (status === 400) return null;
  if (status === 410) return { source: "server", outcome: "gone", location: null, status };
  if (status === 301 && location !== null) {
    return { source: "server", outcome: "successor", location: at(location), status };
  }
  if ((status === 302 || status === 303 || status === 307) && location !== null) {
    return { source: "server", outcome: "redirect", location: at(location), status };
  }
  throw ioError(`the server at ${server} answered ${status} for ${href}`);
}

/** The `code` of a problem+json answer (RFC 9457 with urnkit's extension), or null. */
async function problemCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { code?: unknown } | null;
    return typeof body?.code === "string" ? body.code : null;
  } catch {
    return null;
  }
}

/** Whether the server at `base` serves the namespace `nid` (GET /api/v1/namespaces/{nid}). */
async function servesNamespace(
  base: string,
  nid: string,
  timeoutMs: number,
  server: string,
): Promise<boolean> {
  const url = new URL(`api/v1/namespaces/${encodeURIComponent(nid.toLowerCase())}`, base);
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw unreachable(server, error);
  }
  await response.body?.cancel();
  return response.status === 200;
}

function unreachable(server: string, error: unknown): Error {
  const cause = (error as { cause?: unknown }).cause;
  const why = cause instanceof Error ? cause.message : (error as Error).message;
  return ioError(`cannot ask the server at ${server}: ${why}`);
}

/** An error the command line reports as an I/O error (one line, exit 2). */
function ioError(message: string): Error {
  return Object.assign(new Error(message), { code: "ESERVER" });
}
