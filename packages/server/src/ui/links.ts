// Where the UI links a URN to. A registered URN is an assigned name (RFC 8141 §2.3: no "?+",
// "?=" or "#"), and every character of one is allowed in a path (RFC 3986 pchar), so it goes
// into the path unchanged and readable; the pages read it back from the raw, undecoded target.

export function recordHref(urn: string): string {
  return `/record/${urn}`;
}

export function editHref(urn: string): string {
  return `/registrar/record/${urn}`;
}

/** Any text, URN or not, form-encoded as the inspector's search form would send it. */
export function inspectHref(text: string): string {
  return `/inspect?urn=${encodeURIComponent(text)}`;
}
