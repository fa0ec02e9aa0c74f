// RFC 8141 Appendix A: reading a registration template's text form. A field starts with its label
// and ":" at the start of a line (indented at most 3 spaces, as in the RFC's own rendering); every
// following line up to the next label belongs to it. A field given twice is recorded, not merged.

import { type RegistrationTemplate, TEMPLATE_FIELDS, type TemplateFieldKey } from "./fields.js";

const LABELS = new Map<string, TemplateFieldKey>();
for (const field of TEMPLATE_FIELDS) {
  for (const label of [field.label, ...field.aliases]) LABELS.set(label.toLowerCase(), field.key);
}

const LABEL_LINE = /^ {0,3}([A-Za-z][A-Za-z ]*?)\s*:(.*)$/;

export function parseTemplate(text: string): RegistrationTemplate {
  const template: RegistrationTemplate = {};
  const repeated = new Set<TemplateFieldKey>();
  let key: TemplateFieldKey | "preamble" = "preamble";
  let lines: string[] = [];
  const flush = () => {
    const value = fieldValue(lines);
    if (key !== "preamble" && template[key] !== undefined) repeated.add(key);
    if (key !== "preamble" || value !== "") template[key] = value;
  };
  for (const line of text.split(/\r?\n/)) {
    const m = LABEL_LINE.exec(line);
    const next = m === null ? undefined : LABELS.get((m[1] ?? "").toLowerCase());
    if (next === undefined) {
      lines.push(line.trimEnd());
      continue;
    }
    flush();
    key = next;
    lines = [(m?.[2] ?? "").trim()];
  }
  flush();
  if (repeated.size > 0) template.repeatedFields = [...repeated];
  return template;
}

/**
 * The value of a field from its lines: the text after the label, then the continuation lines
 * with their common indentation removed; blank lines at either end dropped.
 */
function fieldValue(lines: string[]): string {
  const [first = "", ...rest] = lines;
  const indents = rest.filter((l) => l !== "").map((l) => l.length - l.trimStart().length);
  const cut = indents.length === 0 ? 0 : Math.min(...indents);
  const all = [first.trim(), ...rest.map((l) => l.slice(cut))];
  while (all.length > 0 && all[0] === "") all.shift();
  while (all.length > 0 && all[all.length - 1] === "") all.pop();
  return all.join("\n");
}
