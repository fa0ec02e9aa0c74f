// The request arguments of OAI-PMH 2.0 (§3.1.1, §4): which verb, which arguments it takes, which
// it requires, and resumptionToken as an exclusive argument. A repeated, unknown or missing
// argument is badArgument; a missing, repeated or unknown verb is badVerb (§3.6). So is a value of
// illegal syntax (§3.6 badArgument): a metadataPrefix or set that is not one (§3.4, §3.5), or an
// identifier that no URI can be (§2.4). Any other answer echoes the arguments in its request
// element, typed by the protocol's schema (OAI-PMH.xsd), which such a value would make invalid.

import { OaiError } from "./oai-error.js";

export const VERBS = {
  Identify: { required: [], optional: [], exclusive: null },
  ListMetadataFormats: { required: [], optional: ["identifier"], exclusive: null },
  ListSets: { required: [], optional: [], exclusive: "resumptionToken" },
  GetRecord: { required: ["identifier", "metadataPrefix"], optional: [], exclusive: null },
  ListIdentifiers: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set"],
    exclusive: "resumptionToken",
  },
  ListRecords: {
    required: ["metadataPrefix"],
    optional: ["from", "until", "set"],
    exclusive: "resumptionToken",
  },
} as const satisfies Record<
  string,
  { required: readonly string[]; optional: readonly string[]; exclusive: string | null }
>;

export type Verb = keyof typeof VERBS;

// OAI-PMH.xsd's metadataPrefixType and setSpecType: characters of RFC 2396's unreserved set, a
// setSpec being a colon-separated list of such names.
const NAME = "[A-Za-z0-9\\-_.!~*'()]+";
const SYNTAX: Readonly<Record<string, { pattern: RegExp; rule: string }>> = {
  metadataPrefix: {
    pattern: new RegExp(`^${NAME}$`),
    rule: "a metadataPrefix is letters, digits and - _ . ! ~ * ' ( )",
  },
  set: {
    pattern: new RegExp(`^${NAME}(?::${NAME})*$`),
    rule: "a setSpec is names of letters, digits and - _ . ! ~ * ' ( ), joined by single colons",
  },
  // RFC 3986 §2.1 (a "%" begins a %HH escape) and §3.5 (a fragment holds no "#").
  identifier: {
    pattern: /^(?:[^%#]|%[0-9A-Fa-f]{2})*(?:#(?:[^%#]|%[0-9A-Fa-f]{2})*)?$/,
    rule: 'an identifier is a URI: each "%" begins an escape of two hexadecimal digits, one "#" at most',
  },
};

export interface OaiRequest {
  verb: Verb;
  /** The arguments but the verb, each given once. */
  args: ReadonlyMap<string, string>;
}

/** The verb and its arguments from the request's name–value pairs (query or form body). */
export function readRequest(pairs: Iterable<[string, string]>): OaiRequest {
  const all = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    const list = all.get(name);
    if (list === undefined) all.set(name, [value]);
    else list.push(value);
  }
  const verbs = all.get("verb");
  if (verbs === undefined) throw new OaiError("badVerb", "the verb argument is missing");
  if (verbs.length > 1) throw new OaiError("badVerb", "the verb argument is repeated");
  const verb = verbs[0] as string;
  if (!Object.hasOwn(VERBS, verb))
    throw new OaiError(
      "badVerb",
      `"${verb}" is not an OAI-PMH verb: use one of ${Object.keys(VERBS).join(", ")}`,
    );
  const rule = VERBS[verb as Verb];
  const args = new Map<string, string>();
  for (const [name, values] of all) {
    if (name === "verb") continue;
    const known =
      (rule.required as readonly string[]).includes(name) ||
      (rule.optional as readonly string[]).includes(name) ||
      rule.exclusive === name;
    if (!known) throw new OaiError("badArgument", `${verb} takes no argument "${name}"`);
    if (values.length > 1) throw new OaiError("badArgument", `the argument "${name}" is repeated`);
    const value = values[0] as string;
    const syntax = SYNTAX[name];
    if (syntax !== undefined && !syntax.pattern.test(value))
      throw new OaiError("badArgument", `${name} "${value}" has an illegal syntax: ${syntax.rule}`);
    args.set(name, value);
  }
  if (rule.exclusive !== null && args.has(rule.exclusive)) {
    if (args.size > 1)
      throw new OaiError(
        "badArgument",
        `${rule.exclusive} is an exclusive argument: give it with the verb alone`,
      );
    return { verb: verb as Verb, args };
  }
  for (const name of rule.required)
    if (!args.has(name))
      throw new OaiError("badArgument", `${verb} requires the argument "${name}"`);
  return { verb: verb as Verb, args };
}
