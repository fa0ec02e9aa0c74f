// draft-ietf-urnbis-rfc2141bis-urn-03 §2.3 resolver directives (the global keywords "s", §2.3.1,
// and "c", §2.3.2) and §5 step 5b, lexical equivalence for caching resolution results. The draft
// put directives in the query, which RFC 8141 split into the r-component (§2.3.1, for resolvers)
// and the q-component (§2.3.2, for the named resource); RFC 8141 leaves the syntax of both open,
// and urnkit reads directives in either as an extension.
//
//   urn-query = directive *( "&" directive )
//   directive = keywd "=" value
//   keywd     = ALPHA *( ["-"] (ALPHA / DIGIT) )
//   value     = *v-pchar        ; pchar and "/" / "?", less "&"

import { uppercasePercentHex } from "./equivalence.js";
import { CHAR, Char, HEX } from "./grammar/char-classes.js";
import { URN } from "./urn.js";

/** One `keywd=value`, as written: the value is still percent-encoded. */
export interface Directive {
  keyword: string;
  value: string;
}

/** The "s" values registered by draft -03 §9.2.2, from the services of RFC 2483 §4. */
export type ResolutionService =
  | "I2L"
  | "I2Ls"
  | "I2R"
  | "I2Rs"
  | "I2C"
  | "I2Cs"
  | "I2N"
  | "I2Ns"
  | "I=I";

const SERVICES: ReadonlySet<string> = new Set<ResolutionService>([
  "I2L",
  "I2Ls",
  "I2R",
  "I2Rs",
  "I2C",
  "I2Cs",
  "I2N",
  "I2Ns",
  "I=I",
]);

export interface Directives {
  /** Every directive, in the order written. */
  all: Directive[];
  /** The directives in effect, in order: all but those of repeated keywords. Unknown kept. */
  directives: Directive[];
  /** Keywords written more than once; §2.3: all directives using them are ignored. */
  repeated: string[];
  /** The "s" directive's value when it is a registered service, else null (§2.3.1). */
  service: ResolutionService | null;
  /** The "c" directive's value (§2.3.2), still percent-encoded, else null. */
  component: string | null;
}

const KEYWORD = /^[A-Za-z](?:-?[A-Za-z0-9])*$/;

/**
 * Reads `component` (an r- or q-component, without its "?+" or "?=") as `keywd=value` directives
 * joined by "&". Keywords are case-sensitive, as the draft says. Returns null when the component
 * does not follow that syntax; such a component is opaque, not an error.
 */
export function parseDirectives(component: string): Directives | null {
  const all: Directive[] = [];
  for (const text of component.split("&")) {
    const equals = text.indexOf("=");
    if (equals < 0) return null;
    const keyword = text.slice(0, equals);
    const value = text.slice(equals + 1);
    if (!KEYWORD.test(keyword) || !isValue(value)) return null;
    all.push({ keyword, value });
  }
  const counts = new Map<string, number>();
  for (const { keyword } of all) counts.set(keyword, (counts.get(keyword) ?? 0) + 1);
  const repeated = [...counts].filter(([, n]) => n > 1).map(([keyword]) => keyword);
  const directives = all.filter((d) => counts.get(d.keyword) === 1);
  const s = directives.find((d) => d.keyword === "s")?.value;
  return {
    all,
    directives,
    repeated,
    service: s !== undefined && SERVICES.has(s) ? (s as ResolutionService) : null,
    component: directives.find((d) => d.keyword === "c")?.value ?? null,
  };
}

/**
 * value = *v-pchar: pchar, "/" and "?" (the caller has split at "&"), where a "%" starts
 * pct-encoded = "%" HEXDIG HEXDIG: a "%" without two hex digits after it ("k=%", "k=%4") is none.
 */
function isValue(value: string): boolean {
  const n = value.length;
  for (let i = 0; i < n; i++) {
    const kind = CHAR[value.charCodeAt(i)];
    if (kind === Char.Percent) {
      // Past the end charCodeAt gives NaN, which no table has an entry for: test the length.
      if (i + 2 >= n || HEX[value.charCodeAt(i + 1)] === 0 || HEX[value.charCodeAt(i + 2)] === 0) {
        return false;
      }
      i += 2;
    } else if (kind !== Char.Plain && kind !== Char.Slash && kind !== Char.Question) {
      return false;
    }
  }
  return true;
}

/**
 * The key for caching resolution results (draft -03 §5 step 5b): the URN-equivalence key of
 * RFC 8141 §3.1, then the r- and q-components with their %hh in uppercase, each with its
 * directives sorted by keyword when it reads as directives. Step 5b reorders the draft's query,
 * which RFC 8141 split into these two, so the same rule applies to both; they stay apart, as they
 * go to different parties. The draft leaves the order to the implementation; a stable sort keeps
 * repeated keywords as written. The f-component is dropped. (Why: the core README.)
 */
export function resolutionKey(urn: URN | string): string {
  const u = urn instanceof URN ? urn : new URN(urn);
  let key = u.equivalenceKey;
  const r = u.rComponent;
  if (r !== null) key += `?+${sortedDirectives(uppercasePercentHex(r))}`;
  const q = u.qComponent;
  if (q !== null) key += `?=${sortedDirectives(uppercasePercentHex(q))}`;
  return key;
}

function sortedDirectives(component: string): string {
  const parsed = parseDirectives(component);
  if (parsed === null) return component;
  return parsed.all
    .sort((a, b) => (a.keyword < b.keyword ? -1 : a.keyword > b.keyword ? 1 : 0))
    .map((d) => `${d.keyword}=${d.value}`)
    .join("&");
}
