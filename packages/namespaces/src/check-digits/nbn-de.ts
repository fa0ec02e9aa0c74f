// The check digit the German National Library (DNB) appends to urn:nbn:de URNs. It is a DNB
// convention, not part of RFC 8458; the algorithm follows the reference notes, which verified it
// against real urn:nbn:de:bvb:19 URNs.

/** The digit string each character of the lowercased URN stands for. */
const CODES: Record<string, string> = {
  "0": "1",
  "1": "2",
  "2": "3",
  "3": "4",
  "4": "5",
  "5": "6",
  "6": "7",
  "7": "8",
  "8": "9",
  "9": "41",
  a: "18",
  b: "14",
  c: "19",
  d: "15",
  e: "16",
  f: "21",
  g: "22",
  h: "23",
  i: "24",
  j: "25",
  k: "42",
  l: "26",
  m: "27",
  n: "13",
  o: "28",
  p: "29",
  q: "31",
  r: "12",
  s: "32",
  t: "33",
  u: "11",
  v: "34",
  w: "35",
  x: "36",
  y: "37",
  z: "38",
  "-": "39",
  ":": "17",
};

/**
 * The check digit for a whole URN without its last character ("urn:nbn:de:…"), or undefined when
 * it holds a character the scheme has no code for.
 */
export function nbnDeCheckDigit(urnWithoutCheck: string): string | undefined {
  let digits = "";
  for (const c of urnWithoutCheck.toLowerCase()) {
    const code = CODES[c];
    if (code === undefined) return undefined;
    digits += code;
  }
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += (i + 1) * (digits.charCodeAt(i) - 48);
  const last = digits.charCodeAt(digits.length - 1) - 48;
  return String(Math.floor(sum / last) % 10);
}
