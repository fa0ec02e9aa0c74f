// How the OAI-PMH tests read a response: namespace prefixes dropped, attributes as "@name", every
// value as its text (a datestamp or an id stays as written), and the elements that may repeat as
// arrays even when one stands alone.

import { XMLParser } from "fast-xml-parser";

export function oaiParser(repeating: readonly string[]): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "@",
    removeNSPrefix: true,
    parseTagValue: false,
    isArray: (name) => repeating.includes(name),
  });
}
