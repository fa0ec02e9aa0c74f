// urn:ietf:rfc|bcp|std|fyi:{number} (RFC 2648 §2): the document number in the forms resolvers
// write it, `{number}` without leading zeros (rfc-editor.org/info/rfc791) and `{number4}`
// zero-padded to four digits (the old ietf.org/rfc/rfc0791.txt file names).

import { allDigits } from "../ascii.js";
import type { Transform } from "./transform.js";

export const ietfNumber: Transform = {
  fills: ["number", "number4"],
  apply(urn) {
    const nss = urn.nss;
    const colon = nss.indexOf(":");
    if (colon < 0 || !allDigits(nss, colon + 1)) return null;
    let from = colon + 1;
    while (from < nss.length - 1 && nss.charCodeAt(from) === 0x30) from++;
    const number = nss.slice(from);
    return { number, number4: number.padStart(4, "0") };
  },
};
