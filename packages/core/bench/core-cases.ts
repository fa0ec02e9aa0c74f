// @urnkit/core's own operations as benchmark cases, run against the built package. Each checks its
// results against the others (validate, canParse and the constructor must agree).

import { URN, type UrnSyntax, UrnSyntaxError } from "../dist/index.js";
import { defineCase } from "./suite.js";

function accepted(input: string, syntax: UrnSyntax): boolean {
  return URN.canParse(input, { syntax });
}

/** `URN.validate`: null, or the error as a value (no stack trace). */
export function validateCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<string, UrnSyntaxError | null>({
    name: "URN.validate",
    fn: (s) => URN.validate(s, options),
    accepts: (e) => e === null,
    verify: (s, e) => {
      if ((e === null) !== accepted(s, syntax)) throw new Error("disagrees with canParse");
      if (e !== null && !(e instanceof UrnSyntaxError && e.index <= s.length)) {
        throw new Error(`not a UrnSyntaxError with an index in range: ${e}`);
      }
    },
  });
}

export function canParseCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<string, boolean>({
    name: "URN.canParse",
    fn: (s) => URN.canParse(s, options),
    accepts: (ok) => ok,
  });
}

/** `new URN`, for corpora of valid URNs: every input must parse. */
export function constructCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<string, URN>({
    name: "new URN",
    fn: (s) => new URN(s, options),
    accepts: () => true,
    verify: (s, urn) => {
      if (urn.href !== s || urn.syntax !== syntax) throw new Error("href or syntax differs");
    },
  });
}

/** `URN.parse`: a URN or null; for corpora with invalid inputs. */
export function parseCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<string, URN | null>({
    name: "URN.parse",
    fn: (s) => URN.parse(s, options),
    accepts: (urn) => urn !== null,
    verify: (s, urn) => {
      if ((urn !== null) !== accepted(s, syntax)) throw new Error("disagrees with canParse");
    },
  });
}

/** `new URN` in try/catch, where most inputs throw: the cost of a thrown error with its stack. */
export function constructOrCatchCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<string, URN | UrnSyntaxError>({
    name: "new URN (try/catch)",
    fn: (s) => {
      try {
        return new URN(s, options);
      } catch (e) {
        return e as UrnSyntaxError;
      }
    },
    accepts: (r) => r instanceof URN,
    verify: (_, r) => {
      if (!(r instanceof URN || r instanceof UrnSyntaxError)) throw new Error(`threw ${r}`);
    },
  });
}

/**
 * `equivalenceKey` (RFC 8141 §3.1) on URNs parsed beforehand, untimed. A URN caches its key, so
 * every pass gets freshly parsed ones.
 */
export function keyCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<URN, string>({
    name: "equivalenceKey (parsed)",
    prepare: (items) => items.map((s) => new URN(s, options)),
    fn: (urn) => urn.equivalenceKey,
    verify: (urn, key) => {
      if (!key.startsWith("urn:") || key.length > urn.href.length) throw new Error(`key ${key}`);
    },
  });
}

export function parseAndKeyCase(syntax: UrnSyntax) {
  const options = { syntax };
  return defineCase<string, string>({
    name: "new URN + equivalenceKey",
    fn: (s) => new URN(s, options).equivalenceKey,
  });
}
