// A prefix's policies applied to a write (the DNB URN service's urnNamingPolicy and urlPolicy,
// CZIDLO's registration modes): each refusal names the rule it applies, so a registrar can tell
// which policy to follow.

import type { URN } from "@urnkit/core";
import type { Prefix, RegistrationMode } from "../storage/prefixes.js";
import type { LocatorInput } from "../storage/records.js";
import { Refusal } from "../validation/refusal.js";
import { checkUrn } from "./namespace-keys.js";

const MODE_NAMES: Record<RegistrationMode, string> = {
  resolver: "minted here (resolver mode)",
  reservation: "reserved first (reservation mode)",
  registrar: "named by the registrar (registrar mode)",
};

/** 403 unless the prefix allows `mode` (CZIDLO answers ILLEGAL_REGISTRATION_MODE with 403). */
export function requireMode(prefix: Prefix, mode: RegistrationMode, urn?: string): void {
  if (prefix.modes.includes(mode)) return;
  const allowed = prefix.modes.map((m) => MODE_NAMES[m]).join(", ");
  const what =
    mode === "registrar" && prefix.modes.includes("reservation") && urn !== undefined
      ? `${urn} is not reserved, and prefix "${prefix.prefix}" takes only URNs ${allowed}`
      : `prefix "${prefix.prefix}" does not allow URNs ${MODE_NAMES[mode]}; it allows URNs ${allowed}`;
  throw new Refusal("forbidden", "registration-mode", what, { mode, allowed: prefix.modes });
}

/**
 * 422 unless the rest of the NSS after the prefix matches the naming policy in full and the URN
 * keeps every rule of its namespace, warnings included (under a prefix, the DNB's URN:NBN check
 * digit is a rule, not advice).
 */
export function checkNaming(prefix: Prefix, urn: URN): void {
  const rest = urn.assignedName.slice(prefix.prefix.length);
  if (prefix.naming !== null && !new RegExp(`^(?:${prefix.naming})$`, "u").test(rest))
    throw new Refusal(
      "unprocessable",
      "naming-policy",
      `"${rest}" after "${prefix.prefix}" does not match the prefix's naming policy ^(?:${prefix.naming})$`,
      { rule: "naming", pattern: prefix.naming },
    );
  const issues = checkUrn(urn).issues.filter((i) => i.severity === "warning");
  if (prefix.check === "nbn" || prefix.naming !== null) {
    const first = issues[0];
    if (first !== undefined)
      throw new Refusal(
        "unprocessable",
        "naming-policy",
        `${urn.assignedName} breaks a rule of its namespace that prefix "${prefix.prefix}" enforces: ${first.message}`,
        { rule: first.code, issues },
      );
  }
}

/** True when `url` is allowed by a URL policy entry: a URL prefix, or a host name. */
function allowedBy(entry: string, url: URL, text: string): boolean {
  if (entry.includes("://")) return text.toLowerCase().startsWith(entry.toLowerCase());
  return url.hostname.toLowerCase() === entry.toLowerCase();
}

/** Refuses a locator whose URL the prefix's URL policy, or its mirror URL policy, does not allow. */
export function checkUrls(
  prefix: Prefix,
  locators: readonly LocatorInput[] | undefined,
  policy: "urls" | "mirrorUrls" = "urls",
): void {
  const allowed = prefix[policy];
  if (allowed.length === 0) return;
  const what = policy === "urls" ? "URL policy" : "mirror URL policy";
  locators?.forEach((l, i) => {
    const url = new URL(l.url);
    if (!allowed.some((entry) => allowedBy(entry, url, l.url)))
      throw new Refusal(
        "unprocessable",
        "url-policy",
        `${l.url} is outside the ${what} of prefix "${prefix.prefix}" (allowed: ${allowed.join(", ")})`,
        {
          rule: policy,
          allowed,
          errors: [{ path: `/locators/${i}/url`, message: `outside the ${what}` }],
        },
      );
  });
}
