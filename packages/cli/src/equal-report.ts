// RFC 8141 §3.1 URN-equivalence explained: whether two URNs are equivalent, where their
// equivalence keys first differ, and which differences the comparison ignored or refused to ignore.

import { decodeNss, type URN } from "@urnkit/core";

export interface EqualReport {
  equivalent: boolean;
  /** The §3.1 equivalence keys of A and B. */
  keys: [string, string];
  /** Index of the first difference between the keys (null when equivalent). */
  differsAt: number | null;
  /** Sentences saying why, most important first. */
  reasons: string[];
}

/** The percent-encoded triplet or character of `s` covering `index`, or "the end". */
function tokenAt(s: string, index: number): string {
  if (index >= s.length) return "the end";
  if (s[index - 1] === "%") return s.slice(index - 1, index + 2);
  if (s[index - 2] === "%") return s.slice(index - 2, index + 1);
  return s[index] === "%" ? s.slice(index, index + 3) : (s[index] ?? "");
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

/** The text an NSS percent-encodes, or null when its %HH bytes are not UTF-8. */
function decodedOrNull(nss: string): string | null {
  try {
    return decodeNss(nss);
  } catch {
    return null;
  }
}

const quote = (s: string) => JSON.stringify(s);

/** Notes on r/q/f: §3.1 says they are not taken into account. */
function ignoredComponents(a: URN, b: URN): string[] {
  const parts: string[] = [];
  const show = (v: string | null) => (v === null ? "none" : quote(v));
  for (const [name, va, vb] of [
    ["r-component", a.rComponent, b.rComponent],
    ["q-component", a.qComponent, b.qComponent],
    ["f-component", a.fComponent, b.fComponent],
  ] as const) {
    if (va !== null || vb !== null) parts.push(`${name} (${show(va)} in A, ${show(vb)} in B)`);
  }
  if (parts.length === 0) return [];
  return [`ignored, as §3.1 compares only "urn:" NID ":" NSS: ${parts.join(", ")}`];
}

/** Why two equivalent URNs may still be written differently. */
function spellingNotes(a: URN, b: URN): string[] {
  if (a.assignedName === b.assignedName) return ["the assigned names are identical"];
  const notes: string[] = [];
  const schemeA = a.href.slice(0, 3);
  const schemeB = b.href.slice(0, 3);
  if (schemeA !== schemeB) {
    notes.push(`scheme ${quote(schemeA)} vs ${quote(schemeB)}: compared case-insensitively`);
  }
  if (a.nid !== b.nid) {
    notes.push(`NID ${quote(a.nid)} vs ${quote(b.nid)}: compared case-insensitively`);
  }
  if (a.nss !== b.nss) {
    notes.push(
      `NSS ${quote(a.nss)} vs ${quote(b.nss)}: only the hex digits of %HH differ in case, which is ignored`,
    );
  }
  return notes;
}

/** Why two URNs are not equivalent, given where their keys first differ. */
function differenceNotes(a: URN, b: URN, keyA: string, keyB: string, at: number): string[] {
  const tokenA = tokenAt(keyA, at);
  const tokenB = tokenAt(keyB, at);
  if (a.nid.toLowerCase() !== b.nid.toLowerCase()) {
    return [`the NIDs differ: ${quote(a.nid)} and ${quote(b.nid)} are different namespaces`];
  }
  const notes = [
    `the NSSs differ at index ${at} of the keys: ${tokenA === "the end" ? tokenA : quote(tokenA)} in A, ${tokenB === "the end" ? tokenB : quote(tokenB)} in B`,
  ];
  const nssA = keyA.slice(keyA.indexOf(":", 4) + 1);
  const nssB = keyB.slice(keyB.indexOf(":", 4) + 1);
  const decodedA = decodedOrNull(nssA);
  if (decodedA !== null && decodedA === decodedOrNull(nssB)) {
    notes.push(
      "they differ only in percent-encoding, and §3.1 never decodes %HH: a literal character and its encoding are different URNs",
    );
  } else if (nssA.toLowerCase() === nssB.toLowerCase()) {
    notes.push(
      "they differ only in letter case, and the NSS is case-sensitive (only the namespace's own rules could make them equivalent)",
    );
  }
  return notes;
}

export function equalReport(a: URN, b: URN): EqualReport {
  const keyA = a.equivalenceKey;
  const keyB = b.equivalenceKey;
  const ignored = ignoredComponents(a, b);
  if (keyA === keyB) {
    return {
      equivalent: true,
      keys: [keyA, keyB],
      differsAt: null,
      reasons: [...spellingNotes(a, b), ...ignored],
    };
  }
  const at = firstDifference(keyA, keyB);
  return {
    equivalent: false,
    keys: [keyA, keyB],
    differsAt: at,
    reasons: [...differenceNotes(a, b, keyA, keyB, at), ...ignored],
  };
}
