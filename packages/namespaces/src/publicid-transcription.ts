// RFC 3151 §1: transcribing an SGML/XML formal public identifier into a urn:publicid NSS and back.

// Two-character sequences first: "//" and "::" have their own transcriptions.
const TO_NSS: Record<string, string> = {
  "//": ":",
  "::": ";",
  " ": "+",
  "+": "%2B",
  ":": "%3A",
  "/": "%2F",
  ";": "%3B",
  "'": "%27",
  "?": "%3F",
  "#": "%23",
  "%": "%25",
};

/** The NSS for a public identifier: whitespace normalized, then transcribed. */
export function publicIdToNss(publicId: string): string {
  const normalized = publicId.replace(/\s+/g, " ").trim();
  return normalized.replace(/\/\/|::|[ +:/;'?#%]/g, (m) => TO_NSS[m] ?? m);
}

/** The public identifier a urn:publicid NSS stands for. */
export function publicIdFromNss(nss: string): string {
  // "+", ":" and ";" are mapped before %XX is decoded, so an encoded "%2B" stays a "+".
  return nss
    .replace(/[+:;]/g, (m) => (m === "+" ? " " : m === ":" ? "//" : "::"))
    .replace(/%[0-9A-Fa-f]{2}/g, (m) => String.fromCharCode(Number.parseInt(m.slice(1), 16)));
}
