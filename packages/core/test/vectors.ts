// The conformance tables in ./vectors (see vectors/README.md), typed for the test runners.

import { readFileSync } from "node:fs";
import type { Directives, UrnComponent, UrnSyntax, UrnSyntaxErrorCode } from "../src/index.js";

export interface ValidCase {
  comment?: string;
  input: string;
  nid: string;
  nss: string;
  rComponent: string | null;
  qComponent: string | null;
  fComponent: string | null;
  assignedName: string;
  equivalenceKey: string;
  normalized: string;
}

export interface ExpectedError {
  code: UrnSyntaxErrorCode;
  index: number;
  component: UrnComponent;
}

export interface InvalidCase extends ExpectedError {
  comment?: string;
  input: string;
}

export interface SyntaxTable<Case> {
  syntax: UrnSyntax;
  cases: Case[];
}

export interface EquivalenceTable {
  groups: { comment?: string; key: string; urns: string[] }[];
  pairs: { comment?: string; syntax?: UrnSyntax; a: string; b: string; equivalent: boolean }[];
}

export interface Parts {
  nid: string;
  nss: string;
  rComponent?: string | null;
  qComponent?: string | null;
  fComponent?: string | null;
}

export interface BuilderTable {
  valid: { comment?: string; syntax?: UrnSyntax; parts: Parts; href: string }[];
  invalid: ({ comment?: string; syntax?: UrnSyntax; parts: Parts } & ExpectedError)[];
}

/** The four parts text can be encoded as; "nss2141" is an NSS under RFC 2141. */
export type EncodedPart = "nss" | "r" | "q" | "f" | "nss2141";

export interface EncodingTable {
  encode: ({ text: string } & Partial<Record<EncodedPart, string>>)[];
  decode: { component: "nss" | "r" | "q" | "f"; syntax?: UrnSyntax; input: string; text: string }[];
  encodeErrors: {
    comment?: string;
    component: "nss" | "r" | "q" | "f";
    syntax?: UrnSyntax;
    text: string;
    code: UrnSyntaxErrorCode;
    index: number;
  }[];
  decodeErrors: {
    comment?: string;
    component: "nss" | "r" | "q" | "f";
    syntax?: UrnSyntax;
    input: string;
    code: UrnSyntaxErrorCode;
    index: number;
  }[];
}

export interface DirectivesTable {
  parse: { name: string; component: string; expected: Directives | null }[];
  key: { name: string; urn: string; key: string }[];
}

export interface DisplayTable {
  cases: {
    name: string;
    urn: string;
    display: string;
    /** [code, display start, display end, href start, href end] */
    warnings: [string, number, number, number, number][];
  }[];
}

export interface ExtractSpecTexts {
  texts: { fixture: string; urns: { line: number; urn: string }[] }[];
}

export interface ExtractContexts {
  cases: {
    name: string;
    text: string;
    syntax?: UrnSyntax;
    urns: string[];
    nearMisses: { text: string; code: string }[];
  }[];
}

/** A table row's test name: what it is, then its comment in parentheses when it has one. */
export function caseTitle(name: string, comment: string | undefined): string {
  return comment ? `${name} (${comment})` : name;
}

export function loadVectors<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(`./vectors/${name}`, import.meta.url), "utf8")) as T;
}
