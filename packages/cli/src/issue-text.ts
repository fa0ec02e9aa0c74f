// An issue of @urnkit/namespaces (a namespace rule of RFC 8141 §6.4.2, a §5.1 NID rule or an
// Appendix A template check) as one line of text: severity, message, code and index.

import type { Issue } from "@urnkit/namespaces";
import { visible } from "./display-text.js";
import type { Colors } from "./output.js";

/** The severity padded to `width` columns, so that the messages of several issues line up. */
export function issueLine(issue: Issue, c: Colors, width: number): string {
  const tag =
    issue.severity === "error" ? c.red("error".padEnd(width)) : c.yellow("warning".padEnd(width));
  const where = issue.index === undefined ? "" : ` at ${issue.index}`;
  return `${tag}${visible(issue.message)} ${c.dim(`(${issue.code}${where})`)}`;
}
