// RFC 8141 Appendix A and §6.4: what a registration template must contain. Interoperability
// (§6.4.5) and Resolution (§6.4.6) "MUST" be specified; Revision Information applies when the
// Version is above 1; each field is given once; the NID follows §5.1 (formal) or §5.2 (informal:
// IANA assigns it, so a new registration names none).

import { classifyNid, UrnSyntaxError } from "@urnkit/core";
import { error, type Issue, warning } from "../issue.js";
import { checkNewFormalNid } from "../new-formal-nid.js";
import { registry } from "../registry.js";
import type { RegistrationTemplate } from "./fields.js";
import { TEMPLATE_FIELDS } from "./fields.js";

export function checkTemplate(t: RegistrationTemplate): Issue[] {
  const issues: Issue[] = [];
  for (const key of t.repeatedFields ?? []) {
    const label = TEMPLATE_FIELDS.find((f) => f.key === key)?.label ?? key;
    issues.push(
      error(
        "template-repeated-field",
        `"${label}" is given more than once, and only the last is kept: give each field once (RFC 8141 Appendix A)`,
      ),
    );
  }
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
 * The Namespace ID field holds the requested NID (formal), text saying IANA assigns it (a new
 * informal namespace), or the "urn-N" IANA assigned (a revision of an informal namespace).
 */
function checkNid(field: string, version: number | undefined): Issue[] {
  if (field === "") return [];
  const nid = field.split(/\s+/, 1)[0]?.replace(/^["'“]|["'”.,;]$/g, "") ?? "";
  const revision = (version ?? 1) > 1;
  if (/^urn-/i.test(nid)) return checkInformalNid(nid, revision);
  if (/assigned by IANA/i.test(field)) return [];
  const issues = checkNewFormalNid(nid).filter(
    // A revision (Version above 1) is of a namespace that is registered already.
    (i) => !(revision && i.code === "nid-already-registered"),
  );
  if (revision && !registry.isRegistered(nid) && issues.length === 0) {
    issues.push(revisionOfUnregistered(nid));
  }
  return issues;
}

/**
 * RFC 8141 §5.2: "for an informal URN namespace, the registrant does not designate the NID;
 * instead, IANA assigns" it. So only a revision (Version above 1) names one, and then one that
 * IANA has assigned.
 */
function checkInformalNid(nid: string, revision: boolean): Issue[] {
  let kind: string;
  try {
    kind = classifyNid(nid).kind;
  } catch (e) {
    if (!(e instanceof UrnSyntaxError)) throw e;
    kind = "invalid";
  }
  if (kind !== "informal") {
    return [
      error(
        "template-informal-nid",
        `"${nid}" is not an informal NID: "urn-" and a positive integer without leading zeros (RFC 8141 §5.2)`,
      ),
    ];
  }
  const entry = registry.get(nid);
  if (revision) return entry === undefined ? [revisionOfUnregistered(nid)] : [];
  const taken =
    entry === undefined ? "" : ` ("${entry.nid}" is already assigned, ${entry.reference})`;
  return [
    error(
      "template-informal-nid-designated",
      `a new informal registration names "${nid}"${taken}, but IANA assigns the number: write "assigned by IANA" as the Namespace ID (RFC 8141 §5.2: "the registrant does not designate the NID"); a revision has a Version above 1`,
    ),
  ];
}

function revisionOfUnregistered(nid: string): Issue {
  return warning(
    "template-revision-unregistered",
    `a revision of "${nid}", which is not in the IANA registry`,
  );
}
