// The URL templates of the public-resolver table: literal text with {name} placeholders, split
// once into literals and names so that filling one is a join, not a search.

export interface UrlTemplate {
  /** The text between placeholders: one more than `names`. */
  literals: readonly string[];
  names: readonly string[];
  /** Where the query starts in the template (the first "?"), or -1. */
  queryStart: number;
  /** For each placeholder, whether it stands in the query. */
  inQuery: readonly boolean[];
}

const PLACEHOLDER = /\{([^{}]*)\}/g;

/** Splits `template`; throws when a brace is unpaired or a placeholder is empty. */
export function compileUrlTemplate(template: string): UrlTemplate {
  const literals: string[] = [];
  const names: string[] = [];
  const inQuery: boolean[] = [];
  const queryStart = template.indexOf("?");
  let last = 0;
  for (const m of template.matchAll(PLACEHOLDER)) {
    const name = m[1] as string;
    if (name === "") throw new Error(`empty placeholder at ${m.index}`);
    literals.push(template.slice(last, m.index));
    names.push(name);
    inQuery.push(queryStart >= 0 && (m.index as number) > queryStart);
    last = (m.index as number) + m[0].length;
  }
  literals.push(template.slice(last));
  for (const literal of literals) {
    if (literal.includes("{") || literal.includes("}")) {
      throw new Error(`unpaired brace in ${template}`);
    }
  }
  return { literals, names, queryStart, inQuery };
}

/** The template with every placeholder replaced by `value(name)`. */
export function fillUrlTemplate(t: UrlTemplate, value: (name: string) => string): string {
  let url = t.literals[0] as string;
  for (let i = 0; i < t.names.length; i++) {
    url += value(t.names[i] as string) + (t.literals[i + 1] as string);
  }
  return url;
}
