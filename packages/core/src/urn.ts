// RFC 8141 §2 (syntax) and §3 (URN-equivalence): the URN value type.

import { uppercasePercentHex } from "./equivalence.js";
import { Canon, type Marks } from "./grammar/marks.js";
import { checkPart, scan, scanError, validationError } from "./grammar/scan.js";
import type { UrnSyntax, UrnSyntaxError } from "./syntax-error.js";

export interface UrnOptions {
  /** The grammar to read with: "rfc8141" (default) or the legacy "rfc2141". */
  syntax?: UrnSyntax;
}

/**
 * The parts `URN.from` composes a URN of, and `urn.parts` gives back. Values are used as given:
 * encode text first. An absent component is null (or left out).
 */
export interface UrnParts {
  nid: string;
  nss: string;
  rComponent?: string | null;
  qComponent?: string | null;
  fComponent?: string | null;
}

const inspect = Symbol.for("nodejs.util.inspect.custom");

/**
 * A successful scan `URN.parse` hands to the constructor it calls next, so a valid input is
 * scanned once. Set and cleared synchronously; null at every other time.
 */
let scanned: Marks | null = null;

/**
 * A URN, always valid: the constructor throws UrnSyntaxError for anything else. Parts are
 * returned as written (still percent-encoded); `equivalenceKey`, `equals` and `normalize` apply
 * RFC 8141 §3.1.
 */
export class URN {
  readonly #href: string;
  readonly #syntax: UrnSyntax;
  readonly #nidEnd: number;
  readonly #nssEnd: number;
  readonly #rStart: number;
  readonly #rEnd: number;
  readonly #qStart: number;
  readonly #qEnd: number;
  readonly #fStart: number;
  /** Canon bits: how the input differs from its canonical form. */
  readonly #canon: number;
  #key: string | undefined;

  /** Parses `input` (anything else is converted to a string first). */
  constructor(input: string, options?: UrnOptions) {
    const s = typeof input === "string" ? input : String(input);
    const syntax = options?.syntax === "rfc2141" ? "rfc2141" : "rfc8141";
    const m = scanned ?? scan(s, syntax);
    scanned = null;
    if (m.errorCode !== null) throw scanError(s, m, syntax);
    this.#href = s;
    this.#syntax = syntax;
    this.#nidEnd = m.nidEnd;
    this.#nssEnd = m.nssEnd;
    // The component marks are only set by a scan that found something after the NSS.
    const any = m.nssEnd < s.length;
    this.#rStart = any ? m.rStart : -1;
    this.#rEnd = any ? m.rEnd : -1;
    this.#qStart = any ? m.qStart : -1;
    this.#qEnd = any ? m.qEnd : -1;
    this.#fStart = any ? m.fStart : -1;
    this.#canon = m.canon;
  }

  /** The URN, or null when `input` is not one. Never throws. */
  static parse(input: string, options?: UrnOptions): URN | null {
    const s = typeof input === "string" ? input : String(input);
    const syntax = options?.syntax === "rfc2141" ? "rfc2141" : "rfc8141";
    const m = scan(s, syntax);
    if (m.errorCode !== null) return null;
    scanned = m;
    return new URN(s, { syntax });
  }

  static canParse(input: string, options?: UrnOptions): boolean {
    const s = typeof input === "string" ? input : String(input);
    return scan(s, options?.syntax === "rfc2141" ? "rfc2141" : "rfc8141").errorCode === null;
  }

  /** null when `input` is a URN, otherwise the error (without a stack trace). Never throws. */
  static validate(input: string, options?: UrnOptions): UrnSyntaxError | null {
    const s = typeof input === "string" ? input : String(input);
    const syntax = options?.syntax === "rfc2141" ? "rfc2141" : "rfc8141";
    return validationError(s, syntax);
  }

  /**
   * Composes a URN from its parts, each checked on its own: a part that is not valid as that
   * part, or that holds a delimiter which would change the URN's meaning ("?+", "?=" or "#" in the
   * NSS, "?=" in the r-component, …), throws UrnSyntaxError naming the part, with `index` into it.
   * A missing `nid` or `nss`, or a part that is not a string (a component may also be null or
   * absent), throws TypeError: nothing is converted. Parts are not encoded here; use encodeNss and
   * friends for text. For a changed copy of a URN, `urn.with({ … })`.
   */
  static from(parts: UrnParts, options?: UrnOptions): URN {
    const syntax = options?.syntax === "rfc2141" ? "rfc2141" : "rfc8141";
    if (typeof parts !== "object" || parts === null) {
      throw new TypeError(
        `URN.from expects an object { nid, nss, rComponent?, qComponent?, fComponent? }, not ${kindOf(parts)}`,
      );
    }
    const nid = requiredPart(parts, "nid");
    const nss = requiredPart(parts, "nss");
    const rComponent = optionalPart(parts, "rComponent");
    const qComponent = optionalPart(parts, "qComponent");
    const fComponent = optionalPart(parts, "fComponent");
    checkPart(nid, "nid", syntax);
    checkPart(nss, "nss", syntax);
    let s = `urn:${nid}:${nss}`;
    if (rComponent !== null) {
      checkPart(rComponent, "r", syntax);
      s += `?+${rComponent}`;
    }
    if (qComponent !== null) {
      checkPart(qComponent, "q", syntax);
      s += `?=${qComponent}`;
    }
    if (fComponent !== null) {
      checkPart(fComponent, "f", syntax);
      s += `#${fComponent}`;
    }
    return new URN(s, { syntax });
  }

  /** The grammar this URN was read with. */
  get syntax(): UrnSyntax {
    return this.#syntax;
  }

  /** The namespace identifier as written. */
  get nid(): string {
    return this.#href.slice(4, this.#nidEnd);
  }

  /** The namespace-specific string as written, still percent-encoded. */
  get nss(): string {
    return this.#href.slice(this.#nidEnd + 1, this.#nssEnd);
  }

  /** The r-component (after "?+"), or null when absent. */
  get rComponent(): string | null {
    return this.#rStart < 0 ? null : this.#href.slice(this.#rStart, this.#rEnd);
  }

  /** The q-component (after "?="), or null when absent. */
  get qComponent(): string | null {
    return this.#qStart < 0 ? null : this.#href.slice(this.#qStart, this.#qEnd);
  }

  /** The f-component (after "#"): null when absent, "" for a trailing "#". */
  get fComponent(): string | null {
    return this.#fStart < 0 ? null : this.#href.slice(this.#fStart);
  }

  /**
   * The parts as a plain object, `{ nid, nss, rComponent, qComponent, fComponent }` (absent
   * components null), new on every read: what `URN.from` takes, and what spreads
   * (`{ ...urn.parts }`), where a URN's own parts are getters, which `{ ...urn }` does not copy.
   */
  get parts(): Required<UrnParts> {
    return {
      nid: this.nid,
      nss: this.nss,
      rComponent: this.rComponent,
      qComponent: this.qComponent,
      fComponent: this.fComponent,
    };
  }

  /**
   * A copy with some parts changed, checked as `URN.from` checks them, in this URN's syntax:
   * `urn.with({ fComponent: "x" })`. A part given as null removes that component; a part left
   * out (or undefined) stays as it is. Composed as `URN.from` composes, so "urn" is in lowercase.
   */
  with(changes: Partial<UrnParts>): URN {
    if (typeof changes !== "object" || changes === null) {
      throw new TypeError(
        `urn.with expects an object of the parts to change, not ${kindOf(changes)}`,
      );
    }
    const parts = this.parts;
    for (const key of PART_KEYS) {
      const value = changes[key];
      if (value !== undefined) (parts as Record<keyof UrnParts, unknown>)[key] = value;
    }
    return URN.from(parts, { syntax: this.#syntax });
  }

  /** "urn:" NID ":" NSS as written, without r-, q- and f-components. */
  get assignedName(): string {
    // Most URNs are nothing more: then it is the input itself, without a call to slice.
    const href = this.#href;
    return this.#nssEnd === href.length ? href : href.slice(0, this.#nssEnd);
  }

  /**
   * Where the NSS starts in `href`, `assignedName` and `equivalenceKey` (after "urn:", the NID and
   * ":", which the key only lowercases): for reading the NSS in place, as a namespace's rules do,
   * without slicing it out.
   */
  get nssStart(): number {
    return this.#nidEnd + 1;
  }

  /** The whole URN exactly as given. */
  get href(): string {
    return this.#href;
  }

  /**
   * RFC 8141 §3.1: the assigned name with "urn" and the NID in lowercase and the hex digits of
   * %hh in the NSS in uppercase. Two URNs are URN-equivalent exactly when their keys are equal.
   */
  get equivalenceKey(): string {
    if (this.#key === undefined) {
      const canon = this.#canon;
      if ((canon & (Canon.Scheme | Canon.Nid | Canon.NssHex)) === 0) {
        this.#key = this.assignedName;
      } else {
        // "urn:", the NID and its ":" lowercased in one piece, then the NSS.
        const href = this.#href;
        const head = href.slice(0, this.#nidEnd + 1).toLowerCase();
        const nss = href.slice(this.#nidEnd + 1, this.#nssEnd);
        this.#key = head + (canon & Canon.NssHex ? uppercasePercentHex(nss) : nss);
      }
    }
    return this.#key;
  }

  /**
   * URN-equivalence as RFC 8141 §3.1 defines it for every namespace: "urn" and the NID compared
   * in any case, %hh hex in any case, the rest of the NSS exactly. A namespace's own rules can
   * make more URNs equivalent (an NBN's country code in any case, ISBN-10 and ISBN-13); for those
   * use `equivalent(a, b)` of @urnkit/namespaces: `new URN("urn:nbn:de:bvb:19-146642")
   * .equals("urn:nbn:DE:bvb:19-146642")` is false, `equivalent` of the two is true. A string that
   * is not a URN (in this URN's syntax) is never equal.
   */
  equals(other: URN | string): boolean {
    if (other instanceof URN) return other.equivalenceKey === this.equivalenceKey;
    const urn = URN.parse(other, { syntax: this.#syntax });
    return urn !== null && urn.equivalenceKey === this.equivalenceKey;
  }

  /**
   * The canonical spelling: "urn", the NID in lowercase, %hh hex in uppercase in every component.
   * Returns this same object when it is already canonical.
   */
  normalize(): URN {
    if (this.#canon === 0) return this;
    let s = this.equivalenceKey;
    const { rComponent, qComponent, fComponent } = this;
    if (rComponent !== null) s += `?+${uppercasePercentHex(rComponent)}`;
    if (qComponent !== null) s += `?=${uppercasePercentHex(qComponent)}`;
    if (fComponent !== null) s += `#${uppercasePercentHex(fComponent)}`;
    return new URN(s, { syntax: this.#syntax });
  }

  toString(): string {
    return this.#href;
  }

  toJSON(): string {
    return this.#href;
  }

  [inspect](): string {
    return `URN <${this.#href}>`;
  }
}

const PART_KEYS = ["nid", "nss", "rComponent", "qComponent", "fComponent"] as const;

/** What `value` is, for a TypeError's message. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  if (type === "string") return `the string ${JSON.stringify(value)}`;
  if (type === "number" || type === "boolean" || type === "bigint") {
    return `the ${type} ${String(value)}`;
  }
  return type === "object" ? "an object" : type;
}

/** `parts[key]`, which must be a string. */
function requiredPart(parts: UrnParts, key: "nid" | "nss"): string {
  const value: unknown = parts[key];
  if (typeof value === "string") return value;
  if (value === undefined) {
    // The usual cause: spreading a URN, whose parts are getters that spreading does not copy.
    throw new TypeError(
      `URN.from: "${key}" is missing; it must be a string (to change parts of a URN, use urn.with({ … }) or { ...urn.parts, … }: { ...urn } copies none of them)`,
    );
  }
  throw new TypeError(`URN.from: "${key}" must be a string, not ${kindOf(value)}`);
}

/** `parts[key]` as a string, or null when absent (null or undefined). */
function optionalPart(
  parts: UrnParts,
  key: "rComponent" | "qComponent" | "fComponent",
): string | null {
  const value: unknown = parts[key];
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value;
  throw new TypeError(`URN.from: "${key}" must be a string, null or absent, not ${kindOf(value)}`);
}
