// EPC pure identities (urn:epc:id:, RFC 5134 and the GS1 EPC Tag Data Standard) as GS1 Digital
// Link paths: SGTIN → GTIN-14 and serial (AIs 01, 21), SSCC → SSCC-18 (AI 00), SGLN → GLN-13 and
// extension (AIs 414, 254). The EPC drops the GS1 key's check digit and moves the indicator or
// extension digit after the GS1 Company Prefix: the conversion puts the digit back in front and
// recomputes the check digit. The digit totals are the ones the urn:epc rule checks.

import { decodeNss, type URN } from "@urnkit/core";
import { allDigits } from "../ascii.js";
import { gs1CheckDigit } from "../check-digits/gs1.js";
import { DIGIT_SCHEMES } from "../rules/epc.js";
import type { Transform } from "./transform.js";

interface PureIdentity {
  /** The GS1 Company Prefix and the reference that follows it (6-12 digits, then the rest). */
  gcp: string;
  reference: string;
  /** The third part (serial or extension) as written, or null for a two-part scheme. */
  serial: string | null;
}

/**
 * urn:epc:id:{scheme}:{gcp}.{reference}[.{serial}] for one digit scheme, exactly as the Tag Data
 * Standard writes it (the scheme in lowercase), or null. The serial may hold "." itself.
 */
function pureIdentity(urn: URN, scheme: string): PureIdentity | null {
  const shape = DIGIT_SCHEMES.find((d) => d.name === scheme);
  const nss = urn.nss;
  const head = `id:${scheme}:`;
  if (shape === undefined || !nss.startsWith(head)) return null;
  const from = head.length;
  const dot1 = nss.indexOf(".", from);
  if (dot1 < 0) return null;
  const dot2 = shape.parts === 3 ? nss.indexOf(".", dot1 + 1) : -1;
  const refEnd = shape.parts === 3 ? dot2 : nss.length;
  if (refEnd < 0) return null;
  const gcp = dot1 - from;
  if (gcp < 6 || gcp > 12 || refEnd - from - 1 !== shape.total) return null;
  if (!allDigits(nss, from, dot1) || (refEnd > dot1 + 1 && !allDigits(nss, dot1 + 1, refEnd))) {
    return null;
  }
  const serial = shape.parts === 3 ? nss.slice(dot2 + 1) : null;
  if (serial === "") return null;
  return { gcp: nss.slice(from, dot1), reference: nss.slice(dot1 + 1, refEnd), serial };
}

/** Every character but RFC 3986's unreserved ones percent-encoded: a Digital Link AI value. */
function aiValue(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** An EPC serial (percent-encoded per the Tag Data Standard) as an AI value, or null. */
function serialValue(serial: string): string | null {
  try {
    return aiValue(serial.includes("%") ? decodeNss(serial) : serial);
  } catch {
    return null;
  }
}

/** The first digit of the reference, then the prefix and the rest, then the check digit. */
function keyWithLeadingDigit({ gcp, reference }: PureIdentity): string {
  const digits = reference.slice(0, 1) + gcp + reference.slice(1);
  return digits + gs1CheckDigit(digits);
}

export const epcSgtin: Transform = {
  fills: ["gtin", "serial"],
  apply(urn) {
    const id = pureIdentity(urn, "sgtin");
    const serial = id?.serial == null ? null : serialValue(id.serial);
    return id === null || serial === null ? null : { gtin: keyWithLeadingDigit(id), serial };
  },
};

export const epcSscc: Transform = {
  fills: ["sscc"],
  apply(urn) {
    const id = pureIdentity(urn, "sscc");
    return id === null ? null : { sscc: keyWithLeadingDigit(id) };
  },
};

export const epcSgln: Transform = {
  fills: ["gln", "extension"],
  apply(urn) {
    const id = pureIdentity(urn, "sgln");
    const extension = id?.serial == null ? null : serialValue(id.serial);
    if (id === null || extension === null) return null;
    const digits = id.gcp + id.reference;
    // Extension "0" is the Tag Data Standard's "no extension": the GLN alone.
    return {
      gln: digits + gs1CheckDigit(digits),
      extension: extension === "0" ? "" : `/254/${extension}`,
    };
  },
};
