// The Link header field (RFC 8288 §3): links to other resources, each a URI reference in angle
// brackets with its parameters. A value outside ASCII goes in the parameter's "*" form (RFC 8288
// §3.4.1 and RFC 8187 §3.2: UTF-8, percent-encoded), since a header field carries ASCII only.

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

/** RFC 8187 attr-char: every other octet is percent-encoded. */
const NOT_ATTR_CHAR = /[^A-Za-z0-9!#$&+\-.^_`|~]/gu;

function param([name, value]: readonly [string, string]): string {
  if (PRINTABLE.test(value)) return `; ${name}=${quoted(value)}`;
  const encoded = value.replace(NOT_ATTR_CHAR, (c) =>
    [...Buffer.from(c, "utf8")]
      .map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`)
      .join(""),
  );
  return `; ${name}*=UTF-8''${encoded}`;
}

/** The field value for `links`, in order. */
export function linkHeader(links: readonly Link[]): string {
  return links.map((l) => `<${l.href}>${l.params.map(param).join("")}`).join(", ");
}
