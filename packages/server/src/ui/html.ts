// HTML output for the web UI (HTML Living Standard §13.1.2.6: text and attribute values must not
// contain unescaped "<", "&" or quotes). Every page is built with the `html` tag below, which
// escapes every interpolated value unless it is already markup, so no page escapes by hand.

/** Markup that is already safe to emit as-is: what the `html` tag returns. */
export class Html {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
  toString(): string {
    return this.text;
  }
}

/** What may be interpolated: text (escaped), markup, or lists of them; null/false print nothing. */
export type Value = string | number | Html | null | undefined | false | readonly Value[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** The one escaping function: text to HTML text or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c] as string);
}

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** Tagged template: the literal parts are markup, every `${value}` is escaped text. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0] as string;
  for (let i = 0; i < values.length; i++) out += render(values[i] as Value) + strings[i + 1];
  return new Html(out);
}
