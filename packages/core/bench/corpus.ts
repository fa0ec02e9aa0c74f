// Benchmark corpora: deterministic URN-shaped strings for the grammars of RFC 8141 §2 and
// RFC 2141 §2, and near-misses of them. A seeded generator makes every run (and every machine)
// measure exactly the same inputs.

/** A named list of inputs; every suite times its cases over one of these. */
export interface Corpus {
  name: string;
  items: readonly string[];
}

/** The size every standard corpus has. */
export const CORPUS_SIZE = 100_000;

/** A small seeded PRNG (SplitMix32-style mixing of a Weyl sequence), uniform in [0, 1). */
export class Random {
  #state: number;

  constructor(seed: number) {
    this.#state = seed >>> 0;
  }

  next(): number {
    this.#state = (this.#state + 0x9e3779b9) | 0;
    let z = this.#state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 0x1_0000_0000;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(from: readonly T[]): T {
    return from[Math.floor(this.next() * from.length)] as T;
  }

  char(from: string): string {
    return from.charAt(Math.floor(this.next() * from.length));
  }

  /** `length` characters of `from`, each drawn as char() draws one. */
  chars(from: string, length: number): string {
    let s = "";
    for (let i = 0; i < length; i++) s += this.char(from);
    return s;
  }
}

const LOWER = "abcdefghijklmnopqrstuvwxyz";
const UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const DIGIT = "0123456789";
const HEX_UPPER = "0123456789ABCDEF";
const HEX_LOWER = "0123456789abcdef";

/** NIDs seen in the wild, so that short, common namespaces dominate as they do in real data. */
const COMMON_NIDS = [
  "isbn",
  "issn",
  "uuid",
  "ietf",
  "oid",
  "nbn",
  "example",
  "mpeg",
  "epc",
  "lex",
  "publicid",
  "xmpp",
  "ISBN",
  "IETF",
  "uci",
  "iso",
  "ogc",
  "nzl",
];

/** Characters an NSS is mostly made of: letters and digits, with the usual separators. */
const NSS_BODY = `${LOWER}${LOWER}${DIGIT}${DIGIT}${UPPER}`;
const NSS_SEPARATORS_8141 = ":.-_/~&=,;+!$*'()@";
const NSS_SEPARATORS_2141 = ":.-_=,;+!$*'()@";

function nid(r: Random, minLength: 1 | 2): string {
  if (r.chance(0.7)) return r.pick(COMMON_NIDS);
  const length = r.int(minLength, r.chance(0.9) ? 10 : 32);
  let s = r.char(LOWER + DIGIT);
  for (let i = 1; i < length - 1; i++) s += r.char(`${LOWER}${DIGIT}-`);
  if (length > 1) s += r.char(LOWER + DIGIT);
  return r.chance(0.1) ? s.toUpperCase() : s;
}

/** %HH, in uppercase (canonical) three times out of four. */
function pct(r: Random, zeroAllowed: boolean): string {
  const hex = r.chance(0.75) ? HEX_UPPER : HEX_LOWER;
  const first = r.char(zeroAllowed ? hex : hex.slice(1));
  return `%${first}${r.char(hex)}`;
}

/** A run of pchars of about `length`: mostly letters and digits, some separators and %HH. */
function text(r: Random, length: number, separators: string, zeroAllowed = true): string {
  let s = "";
  while (s.length < length) {
    const x = r.next();
    if (x < 0.012) s += pct(r, zeroAllowed);
    else if (x < 0.13) s += r.char(separators);
    else s += r.char(NSS_BODY);
  }
  return s;
}

/** A valid RFC 8141 namestring; about a third carry r-, q- or f-components. */
export function urn8141(r: Random): string {
  const scheme = r.chance(0.05) ? r.pick(["URN", "Urn", "uRn"]) : "urn";
  // The first NSS character is a pchar, never "/".
  const nss = r.char(NSS_BODY) + text(r, r.int(10, 40), NSS_SEPARATORS_8141);
  let s = `${scheme}:${nid(r, 2)}:${nss}`;
  if (r.chance(1 / 3)) {
    const which = r.int(1, 7);
    // Components start with a pchar and may then hold "/" and "?" (§2.3).
    if (which & 1) s += `?+${r.char(NSS_BODY)}${text(r, r.int(0, 10), "/?.-&")}`;
    if (which & 2) s += `?=${r.char(NSS_BODY)}${text(r, r.int(0, 14), "/?=&.-")}`;
    if (which & 4) s += `#${text(r, r.int(0, 8), "/?.-")}`;
  }
  return s;
}

/** A valid RFC 2141 URN: no "/", "?", "#", "~", "&", no %00, NID not "urn", may be 1 character. */
export function urn2141(r: Random): string {
  const scheme = r.chance(0.05) ? "URN" : "urn";
  let id = nid(r, 1);
  if (id.toLowerCase() === "urn") id = "urnx";
  if (r.chance(0.05)) id = `${id.slice(0, 31)}-`;
  const nss = text(r, r.int(16, 46), NSS_SEPARATORS_2141, false);
  return `${scheme}:${id}:${nss}`;
}

/** Things that often break a URN: outside ASCII, delimiters, controls, bad escapes. */
const BREAKERS = [" ", "?", "#", "%", "%G", "/", "é", "\u0000", "<", '"', "[", "\\", "^", "\u2014"];

/**
 * A valid URN with one edit, made so that about 70% of the results are invalid. Some edits
 * (a "/" inside the NSS, a letter replaced by a letter) keep the string valid, as in real typos.
 */
export function nearUrn(r: Random): string {
  const s = urn8141(r);
  if (r.chance(0.08)) return s;
  const at = r.int(0, s.length - 1);
  switch (r.int(0, 7)) {
    case 0:
      return s.slice(0, at) + r.pick(BREAKERS) + s.slice(at);
    case 1:
      return s.slice(0, at) + r.pick(BREAKERS) + s.slice(at + 1);
    case 2:
      return s.slice(0, at) + s.slice(at + 1);
    case 3:
      return s.slice(0, at);
    case 4:
      return r.pick(["urm:", "uri:", "urn", "urn::", "urn:-", "http://", ""]) + s.slice(4);
    case 5:
      return `${s.slice(0, at)}${r.char(' %?#^|{}"<>`\t')}${s.slice(at)}`;
    case 6:
      return `${s}${r.pick(["?", "?+", "?=", "#%", "%", "%4", "?x", " "])}`;
    default:
      return s.replace(":", `:${r.char(LOWER)}${text(r, r.int(30, 40), "-")}`);
  }
}

/**
 * A copy of `s` as one flat string. Strings built with `+=` are ropes that V8 reads through
 * indirections; text read from a file or socket is flat, so parsers get flat strings here too.
 */
export function flat(s: string): string {
  return Buffer.from(s, "utf8").toString("utf8");
}

/** A standard-size corpus of flat strings, each made by `make` from one seeded generator. */
export function generate(name: string, seed: number, make: (r: Random) => string): Corpus {
  const r = new Random(seed);
  const items = new Array<string>(CORPUS_SIZE);
  for (let i = 0; i < CORPUS_SIZE; i++) items[i] = flat(make(r));
  return { name, items };
}

const cache = new Map<string, Corpus>();

function cached(name: string, seed: number, make: (r: Random) => string): Corpus {
  let corpus = cache.get(name);
  if (corpus === undefined) {
    corpus = generate(name, seed, make);
    cache.set(name, corpus);
  }
  return corpus;
}

/** 100k valid RFC 8141 URNs averaging about 40 bytes. */
export function validRfc8141(): Corpus {
  return cached("100k valid RFC 8141 URNs", 8141, urn8141);
}

/** 100k valid RFC 2141 URNs. */
export function validRfc2141(): Corpus {
  return cached("100k valid RFC 2141 URNs", 2141, urn2141);
}

/** 100k near-URN strings, about 70% of them invalid. */
export function nearUrns(): Corpus {
  return cached("100k near-URNs (~70% invalid)", 3986, nearUrn);
}
