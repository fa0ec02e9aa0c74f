// The scheme of a URN's <identifier> in an epicur record. xepicur 1.0 allows "urn", "urn:nbn",
// "urn:nbn:de", "urn:nbn:at", "urn:nbn:ch" (and "url" for a resource): a URN takes the most
// specific of them. An NBN's country code is what follows "urn:nbn:" up to the next ":" or "-"
// (RFC 8458: urn:nbn:de:…, urn:nbn:fi-fe…), in any case.

const COUNTRIES_WITH_A_SCHEME = new Set(["de", "at", "ch"]);

export function epicurScheme(urn: string): string {
  const [, nid = "", rest = ""] = /^urn:([^:]*):?(.*)$/i.exec(urn) ?? [];
  if (nid.toLowerCase() !== "nbn") return "urn";
  const country = (/^[^:-]*/.exec(rest)?.[0] ?? "").toLowerCase();
  return COUNTRIES_WITH_A_SCHEME.has(country) ? `urn:nbn:${country}` : "urn:nbn";
}
