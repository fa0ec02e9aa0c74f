// The Link header field (RFC 8288 §3): links to other resources, each a URI reference in angle
// brackets with its parameters. A value outside ASCII goes in the parameter's "*" form (RFC 8288
// §3.4.1 and RFC 8187 §3.2: UTF-8, percent-encoded), since a header field carries ASCII only.

import { encodeFor } from "../resolution/delegate-template.js";

export interface Link {
  /** An absolute URL holding only characters a header field may carry. */
  href: string;
  /** Parameters in order: rel, title, extension attributes. */
  params: readonly (readonly [string, string])[];
}

/** A quoted-string (RFC 9110 §5.6.4): '"' and '\' escaped. */
function quoted(value: string): string {
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

/** Printable ASCII: what a quoted-string may hold as it is. */
const PRINTABLE = /^[\x20-\x7e]*$/;

/** RFC 8187 attr-char: every other character is percent-encoded as UTF-8. */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+\-.^_`|~]$/;

function param([name, value]: readonly [string, string]): string {
  if (PRINTABLE.test(value)) return `; ${name}=${quoted(value)}`;
  return `; ${name}*=UTF-8''${encodeFor(value, ATTR_CHAR)}`;
}

/** The field value for `links`, in order. */
export function linkHeader(links: readonly Link[]): string {
  return links.map((l) => `<${l.href}>${l.params.map(param).join("")}`).join(", ");
}
