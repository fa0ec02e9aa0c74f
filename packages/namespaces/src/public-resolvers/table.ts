// The public-resolver table as a look-up: for a URN, every row whose prefix its equivalence key
// (RFC 8141 §3.1) starts with, best first, each as the URL to ask. Routing folds case (the key
// lowercases only "urn:" and the NID; an NBN's country code and sub-namespaces are
// case-insensitive too, and Norway writes URN:NBN:NO); the URL keeps the URN as written.

import { URN } from "@urnkit/core";
import type {
  AnswerKind,
  PublicResolverCandidate,
  PublicResolverRow,
  ResolverStatus,
} from "./row.js";
import type { Transform } from "./transform.js";
import { isTransformName, TRANSFORMS } from "./transforms.js";
import { compileUrlTemplate, fillUrlTemplate, type UrlTemplate } from "./url-template.js";

interface Entry {
  row: PublicResolverRow;
  /** Its place in the table: the tie-break between rows of one prefix and status. */
  index: number;
  template: UrlTemplate;
  transform: Transform | undefined;
}

/** Placeholders every row may use. */
const BASE_PLACEHOLDERS = ["urn", "urn%", "nss"];
const KINDS: readonly AnswerKind[] = ["redirect", "landing-page", "uri-list"];
const STATUSES: readonly ResolverStatus[] = ["live", "unverified", "retired"];
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** "urn:", a NID, then anything in lowercase that does not end in a separator. */
const PREFIX = /^urn:[a-z0-9][a-z0-9-]*(?::[^A-Z]*[^A-Z:-])?$/;
const DATE = /^\d{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?)?$/;

/** Whether `key` starts with the lowercase `prefix`, folding ASCII case, at a ":" or "-" or its end. */
function prefixMatches(key: string, prefix: string): boolean {
  const n = prefix.length;
  if (key.length < n) return false;
  // "urn:" is lowercase in every key.
  for (let i = 4; i < n; i++) {
    let c = key.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) c |= 0x20;
    if (c !== prefix.charCodeAt(i)) return false;
  }
  if (n === key.length) return true;
  const next = key.charCodeAt(n);
  return next === 0x3a || next === 0x2d;
}

/** The URN as handed to a resolver: the assigned name, with r- and q-components if it takes them. */
function handedUrn(urn: URN, components: boolean): string {
  if (!components) return urn.assignedName;
  const r = urn.rComponent;
  const q = urn.qComponent;
  return urn.assignedName + (r === null ? "" : `?+${r}`) + (q === null ? "" : `?=${q}`);
}

/** Which statuses come first: live, then unverified (retired rows are never offered). */
function rank(status: ResolverStatus): number {
  return status === "live" ? 0 : 1;
}

function nidOf(prefix: string): string {
  const colon = prefix.indexOf(":", 4);
  return colon < 0 ? prefix.slice(4) : prefix.slice(4, colon);
}

function parsed(urn: string | URN): URN | null {
  return typeof urn === "string" ? URN.parse(urn) : urn;
}

export class PublicResolverTable {
  readonly rows: readonly PublicResolverRow[];
  /** The offered rows of each NID, best first. */
  readonly #byNid = new Map<string, Entry[]>();
  readonly #byId = new Map<string, Entry>();

  /** Checks every row (throws an Error naming the row and what is wrong) and indexes them. */
  constructor(rows: readonly PublicResolverRow[]) {
    this.rows = rows;
    rows.forEach((row, index) => {
      const entry = compileRow(row, index);
      if (this.#byId.has(row.id)) throw new Error(`row ${row.id}: the id is used twice`);
      this.#byId.set(row.id, entry);
      if (row.status === "retired") return;
      const nid = nidOf(row.prefix);
      const list = this.#byNid.get(nid) ?? [];
      list.push(entry);
      this.#byNid.set(nid, list);
    });
    for (const list of this.#byNid.values()) {
      // Verified before unverified; within each, the longest prefix first, then table order.
      list.sort(
        (a, b) =>
          rank(a.row.status) - rank(b.row.status) ||
          b.row.prefix.length - a.row.prefix.length ||
          a.index - b.index,
      );
    }
    for (const entry of this.#byId.values()) {
      const { row } = entry;
      const example = URN.parse(row.example);
      if (example === null || !prefixMatches(example.equivalenceKey, row.prefix)) {
        throw new Error(
          `row ${row.id}: the example ${row.example} is not a URN under ${row.prefix}`,
        );
      }
      if (urlOf(entry, example) === null) {
        throw new Error(`row ${row.id}: the example ${row.example} gives no URL`);
      }
    }
  }

  /**
   * Where `urn` resolves publicly, best first: live rows before unverified ones, and within each,
   * the longest matching prefix first (an NBN sub-namespace before its country, a country before
   * the meta-resolver). Retired rows never. [] for a string that is not an RFC 8141 URN.
   */
  candidates(urn: string | URN): PublicResolverCandidate[] {
    const u = parsed(urn);
    if (u === null) return [];
    const key = u.equivalenceKey;
    // The key lowercases "urn:" and the NID, so the NID sits where it does in the URN.
    const entries = this.#byNid.get(key.slice(4, u.nssStart - 1));
    const found: PublicResolverCandidate[] = [];
    if (entries === undefined) return found;
    for (const entry of entries) {
      const { row } = entry;
      if (!prefixMatches(key, row.prefix)) continue;
      const url = urlOf(entry, u);
      if (url === null) continue;
      found.push({
        url,
        id: row.id,
        prefix: row.prefix,
        name: row.name,
        operator: row.operator,
        kind: row.kind,
        status: row.status as "live" | "unverified",
        confirmed: row.confirmed,
        source: row.source,
      });
    }
    return found;
  }

  /** The row with this id, retired or not. */
  row(id: string): PublicResolverRow | undefined {
    return this.#byId.get(id)?.row;
  }

  /**
   * The URL the row `id` gives for `urn`, whatever its prefix and status (`urnkit resolvers
   * check` asks each row about its example); null when the row's transform does not read this
   * URN or `urn` is not one.
   */
  urlFor(id: string, urn: string | URN): string | null {
    const entry = this.#byId.get(id);
    const u = parsed(urn);
    if (entry === undefined) throw new Error(`no public-resolver row ${id}`);
    return u === null ? null : urlOf(entry, u);
  }
}

/** The row's URL for `urn`, or null when its transform does not read it. */
function urlOf(entry: Entry, urn: URN): string | null {
  const vars = entry.transform === undefined ? undefined : entry.transform.apply(urn);
  if (vars === null) return null;
  const components = entry.row.components === true;
  return fillUrlTemplate(entry.template, (name) => {
    switch (name) {
      case "urn":
        return handedUrn(urn, components);
      case "urn%":
        return encodeURIComponent(handedUrn(urn, components));
      case "nss":
        return urn.nss;
      default:
        return (vars as Readonly<Record<string, string>>)[name] as string;
    }
  });
}

/** A row checked and made ready for look-ups; throws an Error naming the row and the fault. */
function compileRow(row: PublicResolverRow, index: number): Entry {
  const fail = (what: string): never => {
    throw new Error(`row ${row.id || `#${index + 1}`}: ${what}`);
  };
  if (!ID.test(row.id)) fail(`the id "${row.id}" is not lowercase words joined by "-"`);
  if (!PREFIX.test(row.prefix)) {
    fail(
      `the prefix "${row.prefix}" is not "urn:" and a lowercase key prefix without a separator at its end`,
    );
  }
  if (!KINDS.includes(row.kind)) fail(`kind "${row.kind}" is not one of ${KINDS.join(", ")}`);
  if (!STATUSES.includes(row.status)) {
    fail(`status "${row.status}" is not one of ${STATUSES.join(", ")}`);
  }
  if (row.confirmed !== null && !DATE.test(row.confirmed)) {
    fail(`confirmed "${row.confirmed}" is not YYYY, YYYY-MM or YYYY-MM-DD`);
  }
  for (const field of ["name", "operator", "source"] as const) {
    if (typeof row[field] !== "string" || row[field].trim() === "") fail(`${field} is empty`);
  }
  if (row.transform !== undefined && !isTransformName(row.transform)) {
    fail(`there is no transform "${row.transform}"`);
  }
  const transform = row.transform === undefined ? undefined : TRANSFORMS[row.transform];
  let template: UrlTemplate;
  try {
    template = compileUrlTemplate(row.template);
  } catch (error) {
    return fail(`template: ${(error as Error).message}`);
  }
  const allowed = [...BASE_PLACEHOLDERS, ...(transform?.fills ?? [])];
  for (const name of template.names) {
    if (!allowed.includes(name))
      fail(`the template has {${name}}; it may use ${allowed.join(", ")}`);
  }
  if (!/^https?:\/\/[^/{}?#]+(?:[/?]|$)/.test(row.template)) {
    fail("the template is not an http or https URL with a fixed host");
  }
  // "?" would start the query in a path: components go only where the whole query is the URN's.
  if (
    row.components === true &&
    template.names.some((name, i) => name === "urn" && !template.inQuery[i])
  ) {
    fail("components go along only with {urn} in the query or {urn%}");
  }
  return { row, index, template, transform };
}
