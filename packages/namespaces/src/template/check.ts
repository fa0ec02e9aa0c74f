// RFC 8141 Appendix A and §6.4: what a registration template must contain. Interoperability
// (§6.4.5) and Resolution (§6.4.6) "MUST" be specified; Revision Information applies when the
// Version is above 1; the NID follows §5.1 (formal) or §5.2 (informal).

import { classifyNid, UrnSyntaxError } from "@urnkit/core";
import { error, type Issue, warning } from "../issue.js";
import { checkNewFormalNid } from "../new-formal-nid.js";
import { registry } from "../registry.js";
import type { RegistrationTemplate } from "./fields.js";
import { TEMPLATE_FIELDS } from "./fields.js";

export function checkTemplate(t: RegistrationTemplate): Issue[] {
  const issues: Issue[] = [];
  const versionText = t.version?.trim() ?? "";
  const version = /^[1-9][0-9]*$/.test(versionText) ? Number(versionText) : undefined;
  for (const field of TEMPLATE_FIELDS) {
    const value = t[field.key]?.trim() ?? "";
    const needed =
      field.required === "always" || (field.required === "revision" && (version ?? 1) > 1);
    // "<what goes here>": a skeleton's placeholder (urnkit template new) still unfilled.
    if (value.startsWith("<") && value.endsWith(">") && /\s/.test(value)) {
      issues.push(error("template-unfilled-field", `"${field.label}" still holds its placeholder`));
    } else if (needed && value === "") {
      const why = field.required === "revision" ? " (required when Version is above 1)" : "";
      issues.push(
        error(
          "template-missing-field",
          `"${field.label}" is missing or empty${why} (RFC 8141 ${field.section})`,
        ),
      );
    }
  }
  if (versionText !== "" && version === undefined) {
    issues.push(
      error(
        "template-version",
        `Version "${versionText}" is not an integer of 1 or more (RFC 8141 Appendix A)`,
      ),
    );
  }
  if (version === 1 && (t.revisionInformation?.trim() ?? "") !== "") {
    issues.push(
      warning(
        "template-revision-unexpected",
        "Revision Information applies only when earlier registrations have been revised (Version above 1)",
      ),
    );
  }
  const date = t.date?.trim() ?? "";
  if (date !== "" && !isRealDate(date)) {
    issues.push(
      error(
        "template-date",
        `Date "${date}" is not a real date written YYYY-MM-DD (RFC 8141 Appendix A)`,
      ),
    );
  }
  issues.push(...checkNid(t.namespaceId?.trim() ?? "", version));
  return issues;
}

function isRealDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (m === null) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * The Namespace ID field holds the requested NID (formal), the IANA-assigned "urn-N" (informal),
 * or, for an informal request not yet assigned, text saying IANA assigns it.
 */
function checkNid(field: string, version: number | undefined): Issue[] {
  if (field === "") return [];
  const nid = field.split(/\s+/, 1)[0]?.replace(/^["'“]|["'”.,;]$/g, "") ?? "";
  if (/^urn-/i.test(nid)) {
    let kind: string;
    try {
      kind = classifyNid(nid).kind;
    } catch (e) {
      if (!(e instanceof UrnSyntaxError)) throw e;
      kind = "invalid";
    }
    return kind === "informal"
      ? []
      : [
          error(
            "template-informal-nid",
            `"${nid}" is not an informal NID: "urn-" and a positive integer without leading zeros (RFC 8141 §5.2)`,
          ),
        ];
  }
  if (/assigned by IANA/i.test(field)) return [];
  const revision = (version ?? 1) > 1;
  const issues = checkNewFormalNid(nid).filter(
    // A revision (Version above 1) is of a namespace that is registered already.
    (i) => !(revision && i.code === "nid-already-registered"),
  );
  if (revision && !registry.isRegistered(nid) && issues.length === 0) {
    issues.push(
      warning(
        "template-revision-unregistered",
        `a revision of "${nid}", which is not in the IANA registry`,
      ),
    );
  }
  return issues;
}
