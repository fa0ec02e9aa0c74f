// urn:gs1, IANA template (2026-07-27): Application Identifier pairs <AI>:<value>…, or
// gdd:(bie|bdt|cl):…, or std:<id>[:<version>[:<clause>]]. The literal keywords are
// case-insensitive (lowercase canonical); values are case-sensitive.

import { error } from "../issue.js";
import { keyNss, keyWith, type NamespaceRule } from "../rule.js";

const GDD_KINDS = new Set(["bie", "bdt", "cl"]);

export const gs1Rule: NamespaceRule = {
  nid: "gs1",
  validate(urn, _name, at) {
    const parts = urn.nss.split(":");
    const head = parts[0]?.toLowerCase() ?? "";
    if (/^[0-9]+$/.test(head)) {
      let offset = at;
      for (let i = 0; i < parts.length; i += 2) {
        const ai = parts[i] ?? "";
        if (!/^[0-9]{2,4}$/.test(ai)) {
          return [error("gs1-ai", "an Application Identifier is 2 to 4 digits", offset)];
        }
        const value = parts[i + 1];
        if (value === undefined || value === "") {
          return [error("gs1-syntax", `AI ${ai} has no value (a ":" in a value is %3A)`, offset)];
        }
        offset += ai.length + value.length + 2;
      }
      return [];
    }
    if (head === "gdd") {
      return GDD_KINDS.has(parts[1]?.toLowerCase() ?? "") && parts.length > 2 && parts[2] !== ""
        ? []
        : [
            error(
              "gs1-syntax",
              "gdd: is followed by bie:, bdt: or cl: and a name",
              at + Math.min(4, urn.nss.length),
            ),
          ];
    }
    if (head === "std") {
      return parts.length >= 2 && parts.length <= 4 && parts[1] !== ""
        ? []
        : [
            error(
              "gs1-syntax",
              "std:<id>[:<version>[:<clause>]]",
              at + Math.min(4, urn.nss.length),
            ),
          ];
    }
    return [error("gs1-branch", "a GS1 URN starts with an AI, gdd: or std:", at)];
  },
  equivalenceKey(urn) {
    const parts = keyNss(urn).split(":");
    const head = parts[0]?.toLowerCase();
    if (head === "std") parts[0] = head;
    if (head === "gdd") {
      parts[0] = head;
      const kind = parts[1]?.toLowerCase() ?? "";
      if (GDD_KINDS.has(kind)) parts[1] = kind;
    }
    return keyWith(urn, parts.join(":"));
  },
};
