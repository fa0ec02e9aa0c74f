// Where the DNB URN-Service API v2 lives and how its clients spell its paths. Clients append to a
// configured base ("https://api.nbn-resolving.org/sandbox/v2/"), and the real ones send a doubled
// slash (MyCoRe's "urns//urn/…"), a trailing slash ("…/my-urls/"), the URN raw (literal colons)
// or percent-encoded ("urn%3Anbn%3Ade%3A…"), the namespace percent-encoded, and a URL id in
// standard base64 with "/" and "+" (PHP's base64_encode), url-safe or percent-encoded. The router
// gets one canonical spelling of each (canonicalDnbTarget, run as fastify's rewriteUrl), every
// name in it one percent-encoded path segment, so each resource is one plain fastify route.

/** The base paths served out of the box: DNB's production and sandbox layouts. */
export const DEFAULT_DNB_BASES: readonly string[] = ["/v2/", "/sandbox/v2/"];

/**
 * A base path as served: starting and ending with "/", no empty segment. The root is refused:
 * resolution, urnkit's own API and the web UI live there.
 */
export function normaliseBase(text: string): string {
  const segments = text.split("/").filter((s) => s !== "");
  if (segments.length === 0 || segments.some((s) => !/^[A-Za-z0-9._~-]+$/.test(s)))
    throw new Error(
      `a DNB API base path is one or more path segments of A-Z a-z 0-9 . _ ~ -, not "${text}"`,
    );
  return `/${segments.join("/")}/`;
}

/** The base64 alphabet of a URL id after its url-safe characters are mapped back. */
const STANDARD_BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function percentDecoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * A URN as a client put it in a path: as it is, or percent-encoded by a URL encoder (an encoded
 * colon, "%3A", says so: a URN:NBN holds no "%" of its own), decoded once. null when the
 * encoding is broken.
 */
export function urnFromSegment(text: string): string | null {
  return /%3a/i.test(text) ? percentDecoded(text) : text;
}

/**
 * The standard base64 (padded) of a URL id as sent: percent-encoding undone, url-safe "-" "_"
 * mapped to "+" "/", padding added. A trailing "/" is a trailing slash when the id is not a
 * whole base64 text with it (its length would leave one character over). null: not base64.
 */
export function standardBase64(id: string): string | null {
  let text = id.includes("%") ? percentDecoded(id) : id;
  if (text === null) return null;
  text = text.replaceAll("-", "+").replaceAll("_", "/");
  if (text.endsWith("/") && text.replace(/=+$/, "").length % 4 === 1) text = text.slice(0, -1);
  const bare = text.replace(/=+$/, "");
  if (bare.length % 4 === 1 || !STANDARD_BASE64.test(text)) return null;
  return bare + "=".repeat((4 - (bare.length % 4)) % 4);
}

/** The URL a URL id names, or null when the id is not base64 of UTF-8 text. */
export function urlFromId(id: string): string | null {
  const base64 = standardBase64(id);
  if (base64 === null) return null;
  const bytes = Buffer.from(base64, "base64");
  // Buffer skips what it cannot read: only an exact round trip is the id of a URL.
  if (bytes.toString("base64") !== base64) return null;
  const url = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
  return url.isWellFormed() && !url.includes("\uFFFD") ? url : null;
}

/** The id of a URL in a path: standard base64 (as DNB's documents show it), "/" and "+" encoded. */
export function urlId(url: string): string {
  return Buffer.from(url, "utf8").toString("base64").replaceAll("/", "%2F").replaceAll("+", "%2B");
}

/** A name (URN, namespace, organisation id) as one path segment of the canonical target. */
function segment(text: string): string {
  return encodeURIComponent(text);
}

/** The path of a base's target after the base, without empty segments at either end. */
function trimSlashes(text: string): string {
  return text.replace(/^\/+/, "").replace(/\/+$/, "");
}

/** "name/…" or "id/…" after a collection: the rest, or null when it does not start so. */
function after(word: string, text: string): string | null {
  const rest = trimSlashes(text);
  return rest.startsWith(`${word}/`) ? trimSlashes(rest.slice(word.length + 1)) : null;
}

/** The canonical path of a URN's resources: "urns/urn/{urn}[/urls|/my-urls|/urls/base64/{id}]". */
function urnTarget(rest: string): string | null {
  const text = rest.replace(/^\/+/, "");
  const byId = text.indexOf("/urls/base64/");
  if (byId > 0) {
    const urn = urnFromSegment(text.slice(0, byId).replace(/\/+$/, ""));
    const id = text.slice(byId + "/urls/base64/".length).replace(/^\/+/, "");
    const base64 = standardBase64(id);
    if (urn === null || id === "") return null;
    // An id that is not base64 still reaches its route, which answers that it is not one.
    const canonical =
      base64 === null ? segment(id) : base64.replaceAll("+", "-").replaceAll("/", "_");
    return `urns/urn/${segment(urn)}/urls/base64/${canonical}`;
  }
  const trimmed = text.replace(/\/+$/, "");
  for (const suffix of ["/my-urls", "/urls"]) {
    if (trimmed.endsWith(suffix)) {
      const urn = urnFromSegment(trimmed.slice(0, -suffix.length).replace(/\/+$/, ""));
      return urn === null || urn === "" ? null : `urns/urn/${segment(urn)}${suffix}`;
    }
  }
  const urn = urnFromSegment(trimmed);
  return urn === null || urn === "" ? null : `urns/urn/${segment(urn)}`;
}

/** The canonical path after the base for `rest` (the path after it), or null: no such resource. */
function canonicalPath(rest: string): string | null {
  const text = rest.replace(/^\/+/, "");
  const slash = text.indexOf("/");
  const head = slash < 0 ? text : text.slice(0, slash);
  const tail = slash < 0 ? "" : text.slice(slash);
  if (head === "") return "";
  if (head === "namespaces") {
    if (trimSlashes(tail) === "") return "namespaces";
    const named = after("name", tail);
    if (named === null || named === "") return null;
    for (const suffix of ["/urn-suggestion", "/urns"])
      if (named.endsWith(suffix)) {
        const name = percentDecoded(trimSlashes(named.slice(0, -suffix.length)));
        return name === null || name === "" ? null : `namespaces/name/${segment(name)}${suffix}`;
      }
    const name = percentDecoded(named);
    return name === null ? null : `namespaces/name/${segment(name)}`;
  }
  if (head === "urns") {
    if (trimSlashes(tail) === "") return "urns";
    const rest = tail.replace(/^\/+/, "");
    return rest.startsWith("urn/") ? urnTarget(rest.slice(4)) : null;
  }
  if (head === "organisations") {
    const id = after("id", tail);
    if (id === null || id === "") return null;
    if (id.endsWith("/namespaces")) {
      const owner = percentDecoded(trimSlashes(id.slice(0, -"/namespaces".length)));
      return owner === null ? null : `organisations/id/${segment(owner)}/namespaces`;
    }
    const owner = percentDecoded(id);
    return owner === null ? null : `organisations/id/${segment(owner)}`;
  }
  return null;
}

/**
 * The target the router sees for a request under one of `bases`: the base, then the resource's
 * canonical path, then the query as sent. null when the target is under none of them, or names
 * no resource of the API (the base's not-found handler answers it).
 */
export function canonicalDnbTarget(url: string, bases: readonly string[]): string | null {
  for (const base of bases) {
    const bare = base.slice(0, -1);
    if (!url.startsWith(bare)) continue;
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (path !== bare && !path.startsWith(base)) continue;
    const canonical = canonicalPath(path.slice(bare.length));
    if (canonical === null) return null;
    return base + canonical + (query < 0 ? "" : url.slice(query));
  }
  return null;
}
