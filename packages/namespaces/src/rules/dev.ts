// urn:dev, RFC 9039 §3: mac: and ow: take whole hex bytes, org:/os:/ops: start with an IANA
// Private Enterprise Number without leading zeros; other subtypes are opaque. An optional
// "_component" may follow. Equivalence is the generic one.

import { error } from "../issue.js";
import { genericKey, headColon, type NamespaceRule } from "../rule.js";

const PEN = /^(?:0|[1-9][0-9]*)$/;

export const devRule: NamespaceRule = {
  nid: "dev",
  validate(urn, _name, at) {
    const colon = headColon(urn, "dev-syntax", "a device URN is {subtype}:{identifier}");
    if (typeof colon !== "number") return [colon];
    const nss = urn.nss;
    const subtype = nss.slice(0, colon);
    const body = nss.slice(colon + 1);
    const bodyAt = at + colon + 1;
    if (subtype === "mac" || subtype === "ow") {
      const id = body.split("_", 1)[0] ?? "";
      if (!/^(?:[0-9A-Fa-f]{2})+$/.test(id)) {
        return [
          error("dev-syntax", `a ${subtype}: identifier is whole bytes of hex digits`, bodyAt),
        ];
      }
      return [];
    }
    const fields = { org: 2, os: 2, ops: 3 }[subtype];
    if (fields === undefined) return [];
    const parts = body.split("-");
    if (!PEN.test(parts[0] ?? "")) {
      return [error("dev-pen", "an enterprise number is decimal without leading zeros", bodyAt)];
    }
    if (parts.length < fields || parts.some((p, i) => p === "" && i < fields)) {
      const form = subtype === "ops" ? "{PEN}-{product}-{serial}" : "{PEN}-{identifier}";
      return [error("dev-syntax", `${subtype}: takes ${form}`, bodyAt)];
    }
    return [];
  },
  equivalenceKey: genericKey,
};
