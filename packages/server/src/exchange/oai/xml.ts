// A small XML writer for the OAI-PMH responses (XML 1.0 §2.2 characters, §2.4 character data).
// Every value goes through `text` or `attr`: markup characters are escaped, and characters XML 1.0
// cannot carry at all (controls other than tab, newline and carriage return, lone surrogates,
// U+FFFE and U+FFFF) are left out, since no escape can make them well-formed.

// Code points outside XML 1.0's Char production, and surrogates not part of a pair.
const NOT_XML_CHAR =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 excludes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// Any character `text` changes: most values have none and are returned as they are.
const CHANGED =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the characters NOT_XML_CHAR may remove
  /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const MARKUP = /[&<>"]/g;
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** `value` as character data or an attribute value (double-quoted). */
export function text(value: string): string {
  if (!CHANGED.test(value)) return value;
  return value.replace(NOT_XML_CHAR, "").replace(MARKUP, (c) => ENTITIES[c] as string);
}

/** ` name="value"` for each attribute whose value is not null or undefined. */
export function attrs(
  values: Readonly<Record<string, string | number | null | undefined>>,
): string {
  let out = "";
  for (const [name, value] of Object.entries(values))
    if (value !== null && value !== undefined) out += ` ${name}="${text(String(value))}"`;
  return out;
}

/** `<name …>escaped text</name>`, or `<name …/>` for empty text. */
export function element(
  name: string,
  value: string,
  attributes: Readonly<Record<string, string | number | null | undefined>> = {},
): string {
  const a = attrs(attributes);
  return value === "" ? `<${name}${a}/>` : `<${name}${a}>${text(value)}</${name}>`;
}
