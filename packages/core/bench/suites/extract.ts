// Finding URNs in free text (extractUrns; draft-ietf-urnbis-rfc2141bis-urn-03 §2.5.3 ends a URN
// at the first excluded character): a 10 MB document with a URN about every 200 bytes.

import { extractUrnCandidates, extractUrns } from "../../dist/index.js";
import { type Corpus, Random, urn8141 } from "../corpus.js";
import { scanFloorCase } from "../scan-floor.js";
import { defineCase, defineSuite } from "../suite.js";

const DOCUMENT_BYTES = 10_000_000;

/** Prose around the URNs, with the colons and look-alikes real text has ("Note:", "turn:"). */
const WORDS = (
  "the of and a to in is was for on as with by that resolver namespace record Note: at " +
  "10:30 see http://example.org/a?b=c turn: return: library catalogue identifier persistent"
).split(" ");

/** How a URN sits in the text; none of these is trimmed away or merged into the URN. */
const WRAPPINGS: readonly [string, string][] = [
  [" ", " "],
  [" (", "). "],
  [" <", ">"],
  [' "', '",'],
  ["\n", "\n"],
];

/** The document and how many URNs were planted in it. */
let built: { text: string; urns: number } | undefined;

function document(): { text: string; urns: number } {
  if (built !== undefined) return built;
  const r = new Random(2_5_3);
  const parts: string[] = [];
  let length = 0;
  let urns = 0;
  while (length < DOCUMENT_BYTES) {
    let gap = r.int(120, 200);
    while (gap > 0) {
      const word = r.pick(WORDS);
      parts.push(word, " ");
      gap -= word.length + 1;
      length += word.length + 1;
    }
    const [open, close] = r.pick(WRAPPINGS);
    // Trailing sentence punctuation would be trimmed (correctly), so end each URN with a letter.
    const urn = `${urn8141(r)}z`;
    parts.push(open, urn, close);
    length += open.length + urn.length + close.length;
    urns++;
  }
  built = { text: parts.join(""), urns };
  return built;
}

function corpus(): Corpus {
  return { name: "a 10 MB document, a URN every ~200 bytes", items: [document().text] };
}

function checkCount(_text: string, count: number): void {
  if (count !== document().urns) throw new Error(`found ${count} URNs, planted ${document().urns}`);
}

/** A regular expression of the kind URN finders use, for comparison (less exact than ours). */
const URN_REGEX = /(?<![\w.+-])urn:[a-z0-9][a-z0-9-]{0,31}:[^\s"<>\\^`{|}[\]]+/gi;

export default defineSuite({
  name: "extract",
  title: "URNs in free text",
  corpus,
  unit: "document",
  baselines: ["scan floor"],
  cases: [
    scanFloorCase,
    defineCase<string, number>({
      name: "extractUrns",
      fn: (text) => {
        let count = 0;
        for (const _ of extractUrns(text)) count++;
        return count;
      },
      verify: checkCount,
    }),
    defineCase<string, number>({
      name: "extractUrnCandidates",
      fn: (text) => {
        let count = 0;
        for (const m of extractUrnCandidates(text)) if (m.urn !== null) count++;
        return count;
      },
      verify: checkCount,
    }),
    defineCase<string, number>({
      name: "regex match (no validation)",
      fn: (text) => text.match(URN_REGEX)?.length ?? 0,
    }),
  ],
});
