// Every kind of line of a whole registry's export, in the order they are written: each after what
// it refers to (prefixes after their namespace and organisation, records after their prefix and
// owners, link checks after their locator's record, a harvest run after its source).

import { harvestRefusalKind, harvestRunKind, harvestSourceKind } from "./harvest.js";
import { linkCheckKind, linkHealthKind } from "./links.js";
import { namespaceKind, namespaceTemplateKind } from "./namespaces.js";
import { organisationKind, prefixKind } from "./organisations.js";
import { recordKind } from "./records.js";
import {
  resolutionCountKind,
  statAssignmentKind,
  statResolutionKind,
  statResolutionUrnKind,
  statUrnLogKind,
} from "./statistics.js";
import type { ReadKind, TableKind } from "./table-kind.js";
import { auditKind, tokenKind } from "./tokens.js";

export const RECORD_KIND = recordKind;

/** The kinds written row by row, by line type. */
export const TABLE_KINDS: ReadonlyMap<string, TableKind> = new Map(
  [
    namespaceKind,
    namespaceTemplateKind,
    organisationKind,
    prefixKind,
    tokenKind,
    linkHealthKind,
    linkCheckKind,
    harvestSourceKind,
    harvestRunKind,
    harvestRefusalKind,
    resolutionCountKind,
    statResolutionKind,
    statAssignmentKind,
    statResolutionUrnKind,
    statUrnLogKind,
    auditKind,
  ].map((k) => [k.kind, k]),
);

/** Every kind, in export order. */
export const EXPORT_ORDER: readonly ReadKind[] = [
  namespaceKind,
  namespaceTemplateKind,
  organisationKind,
  prefixKind,
  tokenKind,
  recordKind,
  linkHealthKind,
  linkCheckKind,
  harvestSourceKind,
  harvestRunKind,
  harvestRefusalKind,
  resolutionCountKind,
  statResolutionKind,
  statAssignmentKind,
  statResolutionUrnKind,
  statUrnLogKind,
  auditKind,
];
