// The OAI-PMH response document (OAI-PMH 2.0 §3.2): the OAI-PMH root element in the protocol's
// namespace, responseDate, the request echoed (its arguments as attributes, none for a badVerb or
// badArgument answer), then the verb's element or the errors.

import type { OaiError } from "./oai-error.js";
import { attrs, element, text } from "./xml.js";

const OAI = "http://www.openarchives.org/OAI/2.0/";
const OAI_SCHEMA = "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd";

/** Everything before the verb's element. `args` null: a request echoed without attributes. */
export function head(
  responseDate: string,
  base: string,
  args: ReadonlyMap<string, string> | null,
): string {
  const root = attrs({
    xmlns: OAI,
    "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance",
    "xsi:schemaLocation": `${OAI} ${OAI_SCHEMA}`,
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<OAI-PMH${root}>${element(
    "responseDate",
    responseDate,
  )}<request${attrs(Object.fromEntries(args ?? []))}>${text(base)}</request>`;
}

export const TAIL = "</OAI-PMH>\n";

/** A whole error answer. */
export function errorDocument(
  responseDate: string,
  base: string,
  args: ReadonlyMap<string, string> | null,
  error: OaiError,
): string {
  const echo = error.code === "badVerb" || error.code === "badArgument" ? null : args;
  return `${head(responseDate, base, echo)}${element("error", error.message, { code: error.code })}${TAIL}`;
}
