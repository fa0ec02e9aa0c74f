// A delegate resolver's URL template (RFC 8141 §6.4.6: a namespace may be resolved elsewhere):
// an absolute http(s) URL in which "{urn}" stands for the URN as requested and "{nss}" for its
// NSS. The placeholders may stand only in the path or the query, never in the scheme, the host or
// the port: a requester must not choose where the redirect goes. What is put in their place is
// percent-encoded for where it stands, so a URN's "?", "#" or "&" cannot start another component
// or parameter of the delegate's URL; its own percent-encoding is kept as it is (RFC 8141 §3.1).

import type { URN } from "@urnkit/core";

const PLACEHOLDER = /\{(urn|nss)\}/g;

/** Why `template` cannot be a delegate URL, or null when it can. */
export function delegateTemplateFault(template: string): string | null {
  if (!/^https?:\/\//i.test(template)) return "must be an absolute http or https URL";
  const rest = template.replace(PLACEHOLDER, "");
  if (/[{}]/.test(rest)) return 'the only placeholders are "{urn}" and "{nss}"';
  const authorityEnd = template.slice(template.indexOf("//") + 2).search(/[/?#]/);
  const authority =
    authorityEnd < 0 ? template : template.slice(0, template.indexOf("//") + 2 + authorityEnd);
  if (authority.includes("{")) return "placeholders may stand in the path or the query only";
  const fragment = template.indexOf("#");
  if (fragment >= 0 && template.slice(fragment).includes("{"))
    return "placeholders may stand in the path or the query only";
  // What a sample URN makes of it must be a URL a Location header can carry as it is.
  const sample = template.replace(PLACEHOLDER, "x");
  if (!/^[\x21-\x7e]+$/.test(sample) || !URL.canParse(sample))
    return "is not a valid URL (RFC 3986: ASCII, no spaces or control characters)";
  return null;
}

/**
 * Percent-encodes (UTF-8) every character `allowed` does not match; keeps "%HH" as is where
 * `allowed` matches "%".
 */
export function encodeFor(text: string, allowed: RegExp): string {
  let out = "";
  for (const ch of text)
    out += allowed.test(ch)
      ? ch
      : [...new TextEncoder().encode(ch)]
          .map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`)
          .join("");
  return out;
}

/** A path segment's characters (pchar) and "/". */
const PATH = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]$/;
/** A query's characters, as the whole query (RFC 2169's "?{urn}"). */
const WHOLE_QUERY = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]$/;
/** A query parameter's value: no "&", "=" or "+" of its own. */
const QUERY_VALUE = /^[A-Za-z0-9\-._~!$'()*,;:@/?%]$/;

/** The delegate URL for `urn`, from a template `delegateTemplateFault` accepted. */
export function fillDelegateTemplate(template: string, urn: URN): string {
  const query = template.indexOf("?");
  const wholeQuery = query >= 0 && /^\{(urn|nss)\}$/.test(template.slice(query + 1));
  return template.replace(PLACEHOLDER, (_m, name: string, at: number) => {
    const value = name === "urn" ? urn.href : urn.nss;
    if (query < 0 || at < query) return encodeFor(value, PATH);
    return encodeFor(value, wholeQuery ? WHOLE_QUERY : QUERY_VALUE);
  });
}
