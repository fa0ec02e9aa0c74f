// Minting the next NSS of a namespace by its policy: prefix, zero-padded sequence number and an
// optional ISO/IEC 7064 MOD 11-2 check character (the one ISNI and ORCID use).

import type { MintPolicy } from "./storage/store.js";

/** ISO/IEC 7064 MOD 11-2 over a string of decimal digits: "0"–"9" or "X". */
export function mod11_2(digits: string): string {
  let p = 0;
  for (const d of digits) p = ((p + Number(d)) * 2) % 11;
  const check = (12 - p) % 11;
  return check === 10 ? "X" : String(check);
}

export function mintNss(policy: MintPolicy, n: number): string {
  const digits = String(n).padStart(policy.width, "0");
  return policy.prefix + digits + (policy.check === "mod11-2" ? mod11_2(digits) : "");
}
