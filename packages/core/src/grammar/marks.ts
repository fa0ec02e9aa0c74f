// The outcome of one scan of a namestring: where each part ends, or what went wrong where.

import type { UrnComponent, UrnSyntaxErrorCode } from "../syntax-error.js";

/** The input differs from its canonical form (RFC 8141 §3.1 case normalization) in: */
export const enum Canon {
  /** "urn" is not all lowercase. */
  Scheme = 1,
  /** The NID has an uppercase letter. */
  Nid = 2,
  /** The NSS has a %hh triplet with a lowercase hex digit. */
  NssHex = 4,
  /** The r-, q- or f-component has a %hh triplet with a lowercase hex digit. */
  ComponentHex = 8,
}

/**
 * Offsets into the scanned string. `nidEnd` is the index of the ":" after the NID (the NID starts
 * at 4); the NSS starts at `nidEnd + 1`. Component starts are the index after their delimiter
 * ("?+", "?=", "#"), -1 when absent; each component ends where the next delimiter begins.
 *
 * Scanners run synchronously to completion, so one Marks per grammar is reused for every scan and
 * validation allocates nothing.
 */
export class Marks {
  nidEnd = 0;
  nssEnd = 0;
  rStart = -1;
  rEnd = -1;
  qStart = -1;
  qEnd = -1;
  fStart = -1;
  /** A set of `Canon` bits. */
  canon = 0;
  errorCode: UrnSyntaxErrorCode | null = null;
  errorIndex = 0;
  errorComponent: UrnComponent = "scheme";

  /**
   * Starts a scan. The component marks are left alone: they are set only by a scan that finds
   * something after the NSS, so they mean something only when `nssEnd` is before the end of the
   * input (`clearComponents` sets them for such a scan).
   */
  reset(): void {
    this.canon = 0;
    this.errorCode = null;
  }

  clearComponents(): void {
    this.rStart = -1;
    this.rEnd = -1;
    this.qStart = -1;
    this.qEnd = -1;
    this.fStart = -1;
  }

  /** Records an error; returns -1 so that a production can `return m.fail(…)`. */
  fail(code: UrnSyntaxErrorCode, index: number, component: UrnComponent): -1 {
    this.errorCode = code;
    this.errorIndex = index;
    this.errorComponent = component;
    return -1;
  }
}
