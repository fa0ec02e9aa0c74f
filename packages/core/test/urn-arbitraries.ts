// fast-check generators of valid URNs, built from the grammars of RFC 8141 §2 (with RFC 3986's
// pchar) and RFC 2141 §2. The character sets are spelled out here from the RFC text on purpose,
// not taken from src/grammar: a generator that shared the parser's tables would share its bugs.

import fc from "fast-check";

const ALPHA = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const DIGIT = "0123456789";
const HEXDIG = `${DIGIT}ABCDEFabcdef`;
/** RFC 3986 pchar without pct-encoded: unreserved / sub-delims / ":" / "@". */
const PCHAR_PLAIN = `${ALPHA}${DIGIT}-._~!$&'()*+,;=:@`;
/** RFC 2141 <trans> without <reserved>: letters, digits and <other>. */
const TRANS_2141 = `${ALPHA}${DIGIT}()+,-.:=@;$_!*'`;

const oneOf = (chars: string) => fc.constantFrom(...chars);
const join = (parts: string[]) => parts.join("");

/** "urn" with each letter in either case. */
export const scheme = fc.tuple(oneOf("uU"), oneOf("rR"), oneOf("nN")).map(join);

const alphanum = oneOf(ALPHA + DIGIT);
/** Half of them "-", so that runs of hyphens are common. */
const ldh = fc.oneof(alphanum, fc.constant("-"));

/** NID = (alphanum) 0*30(ldh) (alphanum) */
export const nid = fc
  .tuple(alphanum, fc.array(ldh, { maxLength: 30 }), alphanum)
  .map(([first, middle, last]) => first + join(middle) + last);

/** pct-encoded = "%" HEXDIG HEXDIG, hex in either case */
export const pctEncoded = fc.tuple(oneOf(HEXDIG), oneOf(HEXDIG)).map(([a, b]) => `%${a}${b}`);

const pchar = fc.oneof({ weight: 5, arbitrary: oneOf(PCHAR_PLAIN) }, pctEncoded);
const slash = fc.constant("/");
const question = fc.constant("?");

/** NSS = pchar *(pchar / "/") */
export const nss = fc
  .tuple(pchar, fc.array(fc.oneof({ weight: 3, arbitrary: pchar }, slash)))
  .map(([first, rest]) => first + join(rest));

const componentTail = fc.array(fc.oneof({ weight: 3, arbitrary: pchar }, slash, question));

/** r-component = pchar *( pchar / "/" / "?" ), which per §2.3.1 cannot hold "?=". */
export const rComponent = fc
  .tuple(pchar, componentTail)
  .map(([first, rest]) => (first + join(rest)).replaceAll("?=", "?+"));

/** q-component = pchar *( pchar / "/" / "?" ) */
export const qComponent = fc.tuple(pchar, componentTail).map(([first, rest]) => first + join(rest));

/** f-component = fragment = *( pchar / "/" / "?" ) */
export const fComponent = componentTail.map(join);

export interface GeneratedParts {
  nid: string;
  nss: string;
  rComponent: string | null;
  qComponent: string | null;
  fComponent: string | null;
}

/** The parts of an RFC 8141 URN; each component is absent (null) about half the time. */
export const parts8141: fc.Arbitrary<GeneratedParts> = fc.record({
  nid,
  nss,
  rComponent: fc.option(rComponent, { nil: null }),
  qComponent: fc.option(qComponent, { nil: null }),
  fComponent: fc.option(fComponent, { nil: null }),
});

/** namestring = assigned-name [ rq-components ] [ "#" f-component ] */
export function compose(scheme: string, p: GeneratedParts): string {
  let s = `${scheme}:${p.nid}:${p.nss}`;
  if (p.rComponent !== null) s += `?+${p.rComponent}`;
  if (p.qComponent !== null) s += `?=${p.qComponent}`;
  if (p.fComponent !== null) s += `#${p.fComponent}`;
  return s;
}

export const urn8141 = fc.tuple(scheme, parts8141).map(([s, p]) => compose(s, p));

/** RFC 2141 <NID> ::= <let-num> [ 1,31<let-num-hyp> ], except the reserved "urn". */
export const nid2141 = fc
  .tuple(alphanum, fc.array(ldh, { maxLength: 31 }))
  .map(([first, rest]) => first + join(rest))
  .filter((s) => s.toLowerCase() !== "urn");

/** RFC 2141 <NSS> ::= 1*<URN chars>, without the reserved characters and without %00. */
export const nss2141 = fc
  .array(
    fc.oneof(
      { weight: 5, arbitrary: oneOf(TRANS_2141) },
      pctEncoded.filter((t) => t !== "%00"),
    ),
    { minLength: 1 },
  )
  .map(join);

export const parts2141: fc.Arbitrary<GeneratedParts> = fc.record({
  nid: nid2141,
  nss: nss2141,
  rComponent: fc.constant(null),
  qComponent: fc.constant(null),
  fComponent: fc.constant(null),
});

export const urn2141 = fc.tuple(scheme, parts2141).map(([s, p]) => compose(s, p));

/** Any UTF-16 string, lone surrogates included. */
export const anyUtf16 = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
});
