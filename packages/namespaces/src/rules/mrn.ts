// urn:mrn, IANA template (2017-11-27, IALA): {OID}:{OSNID}:{OSNS}. OID (2-22) and OSNID (2-34)
// are letters, digits and inner hyphens, case-insensitive; OSNS belongs to the organization.

import { error } from "../issue.js";
import { asciiLower, keyNss, keyWith, type NamespaceRule } from "../rule.js";

const OID = /^[A-Za-z0-9][A-Za-z0-9-]{0,20}[A-Za-z0-9]$/;
const OSNID = /^[A-Za-z0-9][A-Za-z0-9-]{0,32}[A-Za-z0-9]$/;

export const mrnRule: NamespaceRule = {
  nid: "mrn",
  validate(urn, _name, at) {
    const nss = urn.nss;
    const [oid = "", osnid = "", ...rest] = nss.split(":");
    if (!OID.test(oid)) {
      return [
        error(
          "mrn-organization",
          "the organization ID is 2 to 22 letters, digits or inner hyphens",
          at,
        ),
      ];
    }
    if (!OSNID.test(osnid)) {
      return [
        error(
          "mrn-namespace",
          "the organization-specific namespace ID is 2 to 34 letters, digits or inner hyphens",
          at + Math.min(oid.length + 1, nss.length),
        ),
      ];
    }
    if (rest.join(":") === "") {
      return [error("mrn-syntax", "an MRN is {OID}:{OSNID}:{OSNS}", at + nss.length - 1)];
    }
    return [];
  },
  equivalenceKey(urn) {
    const parts = keyNss(urn).split(":");
    if (parts.length < 3) return urn.equivalenceKey;
    const [oid = "", osnid = "", ...rest] = parts;
    return keyWith(urn, [asciiLower(oid), asciiLower(osnid), ...rest].join(":"));
  },
};
