// The request arguments of OAI-PMH 2.0 (§3.1.1, §4): which verb, which arguments it takes, which
// it requires, and resumptionToken as an exclusive argument. A repeated, unknown or missing
// argument is badArgument; a missing, repeated or unknown verb is badVerb (§3.6).

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
    args.set(name, values[0] as string);
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
