// DOI names in doi.org URLs: urn:doi:{prefix}/{suffix} (IANA template 2023: drop "urn:doi:" and
// percent-decode) and urn:eidr:{prefix}:{suffix} (RFC 7972 §2: the DOI with ":" for its "/"),
// both as `{doi}`. The decoded name goes into the URL path with what a path cannot hold literally
// encoded (the DOI Handbook's URL encoding: "%", '"', "#", space, "?", "<", ">" and the like).

import { decodeNss, type URN } from "@urnkit/core";
import type { Transform } from "./transform.js";

/** A DOI name as a URL path: encodeURI's escapes, and "#" and "?" as well, which it leaves. */
function inPath(doi: string): string {
  return encodeURI(doi).replace(/[#?]/g, (c) => (c === "#" ? "%23" : "%3F"));
}

/** The text the NSS spells, or null when its escapes are not UTF-8. */
function decodedNss(urn: URN): string | null {
  const nss = urn.nss;
  if (!nss.includes("%")) return nss;
  try {
    return decodeNss(nss);
  } catch {
    return null;
  }
}

/**
 * `{doi}` from an NSS that spells {prefix}{separator}{suffix} (split at the first separator,
 * both parts non-empty), with "/" between the parts.
 */
function doiFrom(urn: URN, separator: ":" | "/"): Readonly<Record<string, string>> | null {
  const text = decodedNss(urn);
  if (text === null) return null;
  const at = text.indexOf(separator);
  if (at <= 0 || at === text.length - 1) return null;
  return { doi: `${inPath(text.slice(0, at))}/${inPath(text.slice(at + 1))}` };
}

export const doiName: Transform = {
  fills: ["doi"],
  apply: (urn) => doiFrom(urn, "/"),
};

export const eidrDoi: Transform = {
  fills: ["doi"],
  apply: (urn) => doiFrom(urn, ":"),
};
