// A line of a whole registry's export, read: parsed, its kind known, checked against its kind's
// schema (validation/registry-export.ts) and made ready for the store: a record as an import item
// (the record import's checks and batch writer), any other kind as its table's line with the keys
// of the URNs it names. Anything wrong is a Refusal naming the field.

import { URN } from "@urnkit/core";
import { namespaceKey } from "../../registry/namespace-keys.js";
import { registrationTarget } from "../../registry/registration.js";
import { TABLE_KINDS } from "../../storage/registry-tables/kinds.js";
import type { LineObject, TableKind } from "../../storage/registry-tables/table-kind.js";
import type { Store } from "../../storage/store.js";
import type { ImportItem, LinkMarks, RecordLine, RestoredRecord } from "../../storage/transfer.js";
import { checker } from "../../validation/ajv.js";
import { checkJson } from "../../validation/json-value.js";
import type { Limits } from "../../validation/limits.js";
import { checkRestoredRecordLine, type RecordLineFields } from "../../validation/record.js";
import { Refusal } from "../../validation/refusal.js";
import { REGISTRY_LINE_SCHEMAS } from "../../validation/registry-export.js";
import { checkOrganisationLine, checkPrefixLine } from "../../validation/registry-lines.js";
import { registrationUrn } from "../../validation/urn.js";
import { checkOwners } from "../import/records.js";

const checkers = new Map(
  Object.entries(REGISTRY_LINE_SCHEMAS).map(([kind, schema]) => [
    kind,
    checker<Record<string, LineObject>>(schema, "invalid-line"),
  ]),
);

function fail(code: string, message: string): never {
  throw new Refusal("unprocessable", code, message);
}

/** A line's kind and its object, checked against the kind's schema. */
export function readLine(text: string): { kind: string; body: LineObject } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    fail("invalid-json", "the line is not JSON (a file cut short ends in such a line)");
  }
  return checkLine(value);
}

/** A line's value (as parsed, or as the export made it): its kind and its object, checked. */
export function checkLine(value: unknown): { kind: string; body: LineObject } {
  if (typeof value !== "object" || value === null || Array.isArray(value))
    fail("invalid-line", "a line is a JSON object with one key naming its kind");
  const keys = Object.keys(value);
  const kind = keys[0];
  if (keys.length !== 1 || kind === undefined)
    fail("invalid-line", `a line has one key naming its kind, not ${keys.length}`);
  checkJson(value);
  const check = checkers.get(kind);
  if (check === undefined)
    fail(
      "unknown-line-type",
      `"${kind}" is not a kind of line of this format (known: ${[...checkers.keys()].join(", ")})`,
    );
  if (kind === "organisation")
    return { kind, body: checkOrganisationLine(value) as unknown as LineObject };
  if (kind === "prefix") return { kind, body: checkPrefixLine(value) as unknown as LineObject };
  return { kind, body: check(value)[kind] as LineObject };
}

/** The equivalence key of a URN a line names. */
function keyOf(urn: string): string {
  const parsed = URN.parse(urn);
  if (parsed === null) fail("invalid-line", `not a URN: ${urn}`);
  return namespaceKey(parsed);
}

/** A line of a kind written row by row, with the keys its SQL looks records up by. */
export function tableLine(kind: TableKind, body: LineObject): LineObject {
  if (typeof body.urn === "string" && kind.kind !== "harvest-refusal")
    return { ...body, _key: keyOf(body.urn) };
  if (kind.kind === "stat-urn-log")
    return {
      ...body,
      _entries: (body.urns as unknown[][]).map(([urn, ...rest]) => [keyOf(urn as string), ...rest]),
    };
  return body;
}

export function tableKind(kind: string): TableKind {
  return TABLE_KINDS.get(kind) as TableKind;
}

interface RecordBody {
  urn: string;
  status: RecordLine["status"];
  locators?: (Record<string, unknown> & {
    url: string;
    linkFailing?: boolean;
    linkChecked?: boolean;
  })[];
  metadata?: Record<string, unknown> | null;
  reason?: string | null;
  deactivated?: string | null;
  successors?: { urn: string; created: string }[];
  organisation?: string;
  prefix?: string;
  identifiers?: { type: string; value: string; created: string }[];
  created: string;
  updated: string;
}

/**
 * A record line as an import item: the record line the record import reads (checked by the same
 * rules), its key and namespace, and its times and marks to restore.
 */
export async function recordItem(
  store: Store,
  line: number,
  body: LineObject,
  limits: Limits,
  knownOrganisations: Set<string>,
): Promise<ImportItem> {
  const r = body as unknown as RecordBody;
  const locatorMarks: LinkMarks[] = [];
  const record: Record<string, unknown> = { urn: r.urn, status: r.status };
  if (r.locators !== undefined)
    record.locators = r.locators.map(({ linkFailing, linkChecked, ...locator }) => {
      locatorMarks.push({ linkFailing: linkFailing === true, linkChecked: linkChecked === true });
      return locator;
    });
  if (r.metadata !== undefined) record.metadata = r.metadata;
  if (r.reason !== undefined) record.reason = r.reason;
  if (r.deactivated !== undefined) record.deactivated = r.deactivated;
  if (r.successors !== undefined) record.successors = r.successors.map((s) => s.urn);
  if (r.organisation !== undefined) record.organisation = r.organisation;
  if (r.prefix !== undefined) record.prefix = r.prefix;
  if (r.identifiers !== undefined)
    record.identifiers = r.identifiers.map(({ type, value }) => ({ type, value }));
  record.created = r.created;
  const checked = checkRestoredRecordLine(record as unknown as RecordLineFields) as RecordLine;
  const target = await registrationTarget(store, registrationUrn(checked.urn, limits));
  await checkOwners(store, checked, target.key, knownOrganisations);
  const successors = (checked.successors ?? []).map((urn) => ({ urn, key: keyOf(urn) }));
  const restore: RestoredRecord = {
    updated: r.updated,
    successorsLinked: r.successors?.map((s) => s.created) ?? [],
    identifiersGiven: r.identifiers?.map((i) => i.created) ?? [],
    locatorMarks,
  };
  return { line, key: target.key, nid: target.nid, record: checked, successors, restore };
}
