// Minting the next NSS by a policy: prefix, zero-padded sequence number and an optional check
// character: ISO/IEC 7064 MOD 11-2 over the digits (the one ISNI and ORCID use), or the DNB's
// URN:NBN check digit over the whole URN.

import { mod11_2CheckChar, nbnDeCheckDigit } from "@urnkit/namespaces";
import type { MintPolicy } from "../storage/namespaces.js";
import type { CheckScheme, Prefix } from "../storage/prefixes.js";

/** The check character of `urn` (the URN so far) whose number is `digits`. */
function checkChar(check: CheckScheme, urn: string, digits: string): string {
  if (check === "mod11-2") return mod11_2CheckChar(digits);
  if (check === "nbn") return nbnDeCheckDigit(urn) ?? "";
  return "";
}

export function mintNss(policy: MintPolicy, n: number): string {
  const digits = String(n).padStart(policy.width, "0");
  return policy.prefix + digits + (policy.check === "mod11-2" ? mod11_2CheckChar(digits) : "");
}

/** The URN numbered `n` in a prefix: the prefix, the padded number, its check character. */
export function mintUrnOf(prefix: Pick<Prefix, "prefix" | "width" | "check">, n: number): string {
  return numberedUrn(prefix, String(n).padStart(prefix.width, "0"));
}

/** The URN of a prefix whose number is written `digits` (padded already), with its check. */
export function numberedUrn(prefix: Pick<Prefix, "prefix" | "check">, digits: string): string {
  const urn = prefix.prefix + digits;
  return urn + checkChar(prefix.check, urn, digits);
}
