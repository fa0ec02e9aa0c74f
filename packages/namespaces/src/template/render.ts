// RFC 8141 Appendix A: writing a registration template in its text form, fields in template
// order. parseTemplate reads the result back to the same fields.

import { type RegistrationTemplate, TEMPLATE_FIELDS } from "./fields.js";

/** Continuation lines are indented 4 spaces, deeper than a label can be. */
const INDENT = "    ";

export function renderTemplate(t: RegistrationTemplate): string {
  const blocks: string[] = [];
  if (t.preamble !== undefined && t.preamble !== "") blocks.push(t.preamble);
  for (const field of TEMPLATE_FIELDS) {
    const value = t[field.key];
    if (value === undefined) continue;
    if (!value.includes("\n")) {
      blocks.push(value === "" ? `${field.label}:` : `${field.label}: ${value}`);
      continue;
    }
    // Multi-line values start on their own line so relative indentation survives the round trip.
    const body = value.split("\n").map((line) => (line === "" ? "" : INDENT + line));
    blocks.push([`${field.label}:`, ...body].join("\n"));
  }
  return `${blocks.join("\n\n")}\n`;
}
