// RFC 8141 §2 (and RFC 2141 §2): what can be wrong with a URN's syntax, said precisely.

/** The part of a URN an error is about. "r", "q" and "f" are the optional components of §2.3. */
export type UrnComponent = "scheme" | "nid" | "nss" | "r" | "q" | "f";

/** Which grammar a string is read with: RFC 8141 (the default) or the 1997 grammar of RFC 2141. */
export type UrnSyntax = "rfc8141" | "rfc2141";

/**
 * Stable error codes. They are part of the public API: tools may switch on them.
 * Each is defined by the message text in `describe` below.
 */
export type UrnSyntaxErrorCode =
  | "empty"
  | "scheme-not-urn"
  | "empty-nid"
  | "nid-too-short"
  | "nid-too-long"
  | "nid-leading-hyphen"
  | "nid-trailing-hyphen"
  | "invalid-nid-character"
  | "reserved-nid"
  | "missing-nss"
  | "empty-nss"
  | "nss-leading-slash"
  | "bare-question-mark"
  | "invalid-character"
  | "non-ascii-character"
  | "reserved-character"
  | "bad-percent-encoding"
  | "percent-encoded-nul"
  | "empty-r-component"
  | "empty-q-component"
  | "bad-component-start"
  | "delimiter-in-component"
  | "component-not-allowed"
  | "unpaired-surrogate"
  | "invalid-utf8";

/**
 * A string is not a URN (or a part is not a valid URN part). `index` is the UTF-16 offset of the
 * first offending character in `input`: the whole string for a parse, the part for `URN.from`,
 * the text for the encoders and decoders.
 */
export class UrnSyntaxError extends SyntaxError {
  readonly code: UrnSyntaxErrorCode;
  readonly index: number;
  readonly component: UrnComponent;
  readonly input: string;

  constructor(
    code: UrnSyntaxErrorCode,
    index: number,
    component: UrnComponent,
    input: string,
    syntax: UrnSyntax = "rfc8141",
  ) {
    super(describe(code, index, component, input, syntax));
    this.code = code;
    this.index = index;
    this.component = component;
    this.input = input;
  }
}
Object.defineProperty(UrnSyntaxError.prototype, "name", {
  value: "UrnSyntaxError",
  writable: true,
  configurable: true,
});

/**
 * The error `URN.validate` returns as a value. Bulk checks call it millions of times, and the
 * native Error constructor alone (even with no stack trace to capture) costs several times a
 * whole parse; so does formatting a message nobody may read. These errors are made without
 * either: see ErrorValue.
 */
export function errorValue(
  code: UrnSyntaxErrorCode,
  index: number,
  component: UrnComponent,
  input: string,
  syntax: UrnSyntax,
): UrnSyntaxError {
  const error =
    syntax === "rfc2141"
      ? new ErrorValue2141(code, index, component, input)
      : new ErrorValue(code, index, component, input);
  return error as unknown as UrnSyntaxError;
}

/**
 * A UrnSyntaxError that never ran the Error constructor. Its prototype chain goes through
 * UrnSyntaxError.prototype, so `instanceof`, `name`, `constructor` and `toString()` are those of
 * any UrnSyntaxError, and it has the same own fields (and no more: a smaller object is made
 * faster). `message` is written when first read; `stack` has no frames, like an error made with
 * `Error.stackTraceLimit = 0`.
 */
/** Where an error value finds its grammar: on its prototype, not in a field of every error. */
const GRAMMAR = Symbol("grammar");

class ErrorValue {
  declare readonly code: UrnSyntaxErrorCode;
  declare readonly index: number;
  declare readonly component: UrnComponent;
  declare readonly input: string;

  constructor(code: UrnSyntaxErrorCode, index: number, component: UrnComponent, input: string) {
    this.code = code;
    this.index = index;
    this.component = component;
    this.input = input;
  }

  /** The grammar the message speaks of. */
  get [GRAMMAR](): UrnSyntax {
    return "rfc8141";
  }

  get message(): string {
    const message = describe(this.code, this.index, this.component, this.input, this[GRAMMAR]);
    own(this, "message", message);
    return message;
  }

  set message(value: string) {
    own(this, "message", value);
  }

  get stack(): string {
    return `${(this as unknown as Error).name}: ${this.message}`;
  }

  set stack(value: string) {
    own(this, "stack", value);
  }
}
Object.setPrototypeOf(ErrorValue.prototype, UrnSyntaxError.prototype);

class ErrorValue2141 extends ErrorValue {
  override get [GRAMMAR](): UrnSyntax {
    return "rfc2141";
  }
}
for (const prototype of [ErrorValue.prototype, ErrorValue2141.prototype]) {
  Object.defineProperty(prototype, "constructor", {
    value: UrnSyntaxError,
    writable: true,
    configurable: true,
  });
}

/** Sets an own data property, as `message` and `stack` are on a constructed Error. */
function own(target: object, key: "message" | "stack", value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, configurable: true });
}

const PART_NAMES: Record<UrnComponent, string> = {
  scheme: "scheme",
  nid: "NID",
  nss: "NSS",
  r: "r-component",
  q: "q-component",
  f: "f-component",
};

/** A part's name as RFC 8141 §2 writes it ("NID", "NSS", "r-component", …), for people. */
export function componentName(component: UrnComponent): string {
  return PART_NAMES[component];
}

/** Shows one character unambiguously: printable ASCII quoted, anything else as U+XXXX. */
function showChar(input: string, index: number): string {
  const cp = input.codePointAt(index);
  if (cp === undefined) return "the end of the input";
  if (cp > 0x20 && cp < 0x7f) return `"${String.fromCharCode(cp)}"`;
  const hex = cp.toString(16).toUpperCase().padStart(4, "0");
  return cp < 0x80 ? `U+${hex}` : `U+${hex} "${String.fromCodePoint(cp)}"`;
}

function describe(
  code: UrnSyntaxErrorCode,
  index: number,
  component: UrnComponent,
  input: string,
  syntax: UrnSyntax,
): string {
  const part = PART_NAMES[component];
  const at = `at index ${index}`;
  const ch = showChar(input, index);
  switch (code) {
    case "empty":
      return `the input is empty: a URN starts with "urn:" (in any case), then a NID, ":" and an NSS`;
    case "scheme-not-urn":
      return `${ch} ${at}: a URN starts with "urn:" (in any case)`;
    case "empty-nid":
      return `empty NID ${at}: expected ${syntax === "rfc2141" ? 1 : 2} to 32 letters, digits or "-" between "urn:" and ":"`;
    case "nid-too-short":
      return `NID ${at} has 1 character: RFC 8141 needs 2 to 32 (a 1-character NID is RFC 2141 only)`;
    case "nid-too-long":
      return `NID is longer than 32 characters: ${ch} ${at} is the 33rd`;
    case "nid-leading-hyphen":
      return `NID starts with "-" ${at}: it must start with a letter or digit`;
    case "nid-trailing-hyphen":
      return `NID ends with "-" ${at}: RFC 8141 requires a final letter or digit (RFC 2141 allowed "-")`;
    case "invalid-nid-character":
      return `${ch} ${at} is not allowed in a NID: only ASCII letters, digits and "-", ended by ":"`;
    case "reserved-nid":
      return `NID "urn" ${at} is reserved by RFC 2141 and must not be used`;
    case "missing-nss":
      return `expected ":" and a namespace-specific string ${at}, after the NID`;
    case "empty-nss":
      return `empty NSS ${at}: at least one character must follow the NID's ":"`;
    case "nss-leading-slash":
      return `NSS starts with "/" ${at}: its first character must not be "/" (percent-encode it as %2F)`;
    case "bare-question-mark":
      return `"?" ${at} in the ${part} must start "?+" (r-component) or "?=" (q-component); percent-encode a literal "?" as %3F`;
    case "invalid-character":
      return `${ch} ${at} is not allowed in the ${part}; percent-encode it as UTF-8 %HH`;
    case "non-ascii-character":
      return `${ch} ${at} is outside ASCII; URNs carry such characters percent-encoded as UTF-8 (encodeNss does that)`;
    case "reserved-character":
      return `${ch} ${at} is reserved in RFC 2141 NSSs and must be percent-encoded`;
    case "bad-percent-encoding":
      return `"%" ${at} in the ${part} must be followed by two hex digits; a literal "%" is %25`;
    case "percent-encoded-nul":
      return `"%00" ${at}: RFC 2141 forbids octet 0, encoded or not`;
    case "empty-r-component":
      return `empty r-component ${at}: "?+" must be followed by at least one character`;
    case "empty-q-component":
      return `empty q-component ${at}: "?=" must be followed by at least one character`;
    case "bad-component-start":
      return `the ${part} starts with ${ch} ${at}: its first character must not be "/" or "?" (percent-encode it)`;
    case "delimiter-in-component":
      return `${ch} ${at} in the ${part} would start another component; percent-encode it`;
    case "component-not-allowed":
      return `RFC 2141 URNs have no ${part}`;
    case "unpaired-surrogate":
      return `unpaired surrogate ${ch} ${at} cannot be encoded as UTF-8`;
    case "invalid-utf8":
      return `percent-encoded bytes ${at} are not valid UTF-8`;
  }
}
