// Minting the next NSS of a namespace by its policy: prefix, zero-padded sequence number and an
// optional ISO/IEC 7064 MOD 11-2 check character (the one ISNI and ORCID use).

import { mod11_2CheckChar } from "@urnkit/namespaces";
import type { MintPolicy } from "./storage/store.js";

export function mintNss(policy: MintPolicy, n: number): string {
  const digits = String(n).padStart(policy.width, "0");
  return policy.prefix + digits + (policy.check === "mod11-2" ? mod11_2CheckChar(digits) : "");
}
