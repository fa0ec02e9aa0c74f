// The form a locator URL is looked up by (reverse lookup, URL → URNs): RFC 3986 §6.2.2.1 and
// §6.2.3 normalisation of what differs between spellings of one URL and nothing else. The scheme
// and the host are case-insensitive, so they are lowercased (ASCII letters only: the same rule
// PostgreSQL's urnkit_url_key applies, so both engines store the same key); a port that is empty
// or the scheme's default is dropped; an empty http(s) path is "/" (before a query or fragment
// too). The path, query and fragment are case-sensitive and kept exactly as written,
// percent-encoding included.

/** scheme "://" authority, then the rest (path, query, fragment). */
const HIERARCHICAL = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([\s\S]*)$/;

/** A port at the end of the authority; an IPv6 literal's colons sit inside "[…]". */
const PORT = /:([0-9]*)$/;

const DEFAULT_PORTS: Readonly<Record<string, string>> = {
  http: "80",
  https: "443",
  ws: "80",
  wss: "443",
  ftp: "21",
};

function asciiLower(s: string): string {
  return s.replace(/[A-Z]+/g, (c) => c.toLowerCase());
}

export function locatorUrlKey(url: string): string {
  const m = HIERARCHICAL.exec(url);
  if (m === null) return url;
  const scheme = asciiLower(m[1] as string);
  const authority = m[2] as string;
  let rest = m[3] as string;
  // Userinfo (before the last "@") is case-sensitive and kept.
  const at = authority.lastIndexOf("@");
  const userinfo = authority.slice(0, at + 1);
  let host = authority.slice(at + 1);
  let port = "";
  const p = PORT.exec(host);
  if (p !== null) {
    port = p[1] as string;
    host = host.slice(0, host.length - port.length - 1);
  }
  if (port === DEFAULT_PORTS[scheme]) port = "";
  if (!rest.startsWith("/") && (scheme === "http" || scheme === "https")) rest = `/${rest}`;
  return `${scheme}://${userinfo}${asciiLower(host)}${port === "" ? "" : `:${port}`}${rest}`;
}
