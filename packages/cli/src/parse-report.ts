// RFC 8141 §2 (and RFC 2141 §2): what `urnkit parse` says about one input, as plain data. The JSON
// output is this object as is; the text views render it. Both change only here when a field is added.

import {
  type DisplayWarning,
  displayWarnings,
  type NidKind,
  toDisplayString,
  URN,
  type UrnComponent,
  type UrnSyntax,
  type UrnSyntaxErrorCode,
} from "@urnkit/core";
import { nidClassOf } from "./nid-class.js";

export interface ValidReport {
  input: string;
  valid: true;
  nid: string;
  nss: string;
  rComponent: string | null;
  qComponent: string | null;
  fComponent: string | null;
  /** RFC 8141 §3.1: the assigned name in canonical case; r/q/f never take part. */
  equivalenceKey: string;
  /** RFC 8141 §5.1/§5.2; null for an RFC 2141 NID that RFC 8141 does not allow ("x", "ab-"). */
  nidKind: NidKind | null;
  /** RFC 8141 §4.4: the human-friendly form, and what it could hide or mislead about. */
  display: string;
  warnings: DisplayWarning[];
}

export interface InvalidReport {
  input: string;
  valid: false;
  error: { code: UrnSyntaxErrorCode; index: number; component: UrnComponent; message: string };
}

export type ParseReport = ValidReport | InvalidReport;

export function parseReport(input: string, syntax: UrnSyntax): ParseReport {
  const error = URN.validate(input, { syntax });
  if (error !== null) {
    const { code, index, component, message } = error;
    return { input, valid: false, error: { code, index, component, message } };
  }
  const urn = new URN(input, { syntax });
  return {
    input,
    valid: true,
    nid: urn.nid,
    nss: urn.nss,
    rComponent: urn.rComponent,
    qComponent: urn.qComponent,
    fComponent: urn.fComponent,
    equivalenceKey: urn.equivalenceKey,
    nidKind: nidKindOf(urn.nid),
    display: toDisplayString(urn),
    warnings: displayWarnings(urn),
  };
}

/** RFC 2141 allows NIDs that are not RFC 8141 NIDs at all ("x", "ab-"): no kind for those. */
function nidKindOf(nid: string): NidKind | null {
  const { kind } = nidClassOf(nid);
  return kind === "invalid" ? null : kind;
}
