// OAI-PMH harvesting: each source (base URL, set, metadata format) with where its harvest stands
// (the last response date, a list it was part way through), its runs and the records each run
// refused; a run named by its source and start time. A source's lease (which process harvests it
// now) belongs to the processes of the registry it was read from, and is not carried.

import { flag, orNull, type TableKind } from "./table-kind.js";

const SOURCE_ID =
  "(SELECT id FROM harvest_sources WHERE url = ? AND set_spec = ? AND metadata_prefix = ?)";
const SOURCE = `s.url AS "url", s.set_spec AS "set", s.metadata_prefix AS "metadataPrefix"`;

export const harvestSourceKind: TableKind = {
  kind: "harvest-source",
  select: `SELECT s.id AS "_id", ${SOURCE}, s.organisation AS "organisation",
    s.granularity AS "granularity", s.last_response_date AS "lastResponseDate",
    s.pending_token AS "pendingToken", s.pending_from AS "pendingFrom",
    s.pending_response_date AS "pendingResponseDate", s.created AS "created",
    s.updated AS "updated"
  FROM harvest_sources s`,
  order: [{ sql: "s.id", field: "_id" }],
  match: "s.url = ? AND s.set_spec = ? AND s.metadata_prefix = ?",
  matchParams: (l) => [l.url, l.set, l.metadataPrefix],
  keyed: true,
  insert: `INSERT INTO harvest_sources (url, set_spec, metadata_prefix, organisation, granularity,
    last_response_date, pending_token, pending_from, pending_response_date, created, updated)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    l.url,
    l.set,
    l.metadataPrefix,
    l.organisation,
    orNull(l.granularity),
    orNull(l.lastResponseDate),
    orNull(l.pendingToken),
    orNull(l.pendingFrom),
    orNull(l.pendingResponseDate),
    l.created,
    l.updated,
  ],
};

const RUN_COUNTS = [
  ["pages", "pages"],
  ["records", "records"],
  ["records_created", "recordsCreated"],
  ["records_updated", "recordsUpdated"],
  ["records_unchanged", "recordsUnchanged"],
  ["records_deleted", "recordsDeleted"],
  ["records_refused", "recordsRefused"],
] as const;

export const harvestRunKind: TableKind = {
  kind: "harvest-run",
  select: `SELECT h.id AS "_id", ${SOURCE}, h.started AS "started", h.finished AS "finished",
    h.outcome AS "outcome", h.request_from AS "requestFrom", h.resumed AS "resumed",
    ${RUN_COUNTS.map(([c, f]) => `h.${c} AS "${f}"`).join(", ")}, h.error AS "error"
  FROM harvest_runs h JOIN harvest_sources s ON s.id = h.source_id`,
  order: [{ sql: "h.id", field: "_id" }],
  booleans: ["resumed"],
  match: "s.url = ? AND s.set_spec = ? AND s.metadata_prefix = ? AND h.started = ?",
  matchParams: (l) => [l.url, l.set, l.metadataPrefix, l.started],
  keyed: true,
  insert: `INSERT INTO harvest_runs (source_id, started, finished, outcome, request_from, resumed,
    ${RUN_COUNTS.map(([c]) => c).join(", ")}, error)
    VALUES (${SOURCE_ID}, ?, ?, ?, ?, ?, ${RUN_COUNTS.map(() => "?").join(", ")}, ?)`,
  insertParams: (l) => [
    l.url,
    l.set,
    l.metadataPrefix,
    l.started,
    orNull(l.finished),
    l.outcome,
    orNull(l.requestFrom),
    flag(l.resumed),
    ...RUN_COUNTS.map(([, f]) => l[f]),
    orNull(l.error),
  ],
};

export const harvestRefusalKind: TableKind = {
  kind: "harvest-refusal",
  select: `SELECT f.id AS "_id", ${SOURCE}, h.started AS "started",
    f.oai_identifier AS "oaiIdentifier", f.urn AS "urn", f.code AS "code", f.reason AS "reason",
    f.at AS "at"
  FROM harvest_refusals f JOIN harvest_runs h ON h.id = f.run_id
    JOIN harvest_sources s ON s.id = h.source_id`,
  order: [{ sql: "f.id", field: "_id" }],
  match: `s.url = ? AND s.set_spec = ? AND s.metadata_prefix = ? AND h.started = ?
    AND f.oai_identifier = ? AND f.urn {IS} ? AND f.code = ? AND f.reason = ? AND f.at = ?`,
  matchParams: (l) => [
    l.url,
    l.set,
    l.metadataPrefix,
    l.started,
    l.oaiIdentifier,
    orNull(l.urn),
    l.code,
    l.reason,
    l.at,
  ],
  keyed: false,
  insert: `INSERT INTO harvest_refusals (run_id, oai_identifier, urn, code, reason, at)
    VALUES ((SELECT h.id FROM harvest_runs h WHERE h.source_id = ${SOURCE_ID} AND h.started = ?),
      ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    l.url,
    l.set,
    l.metadataPrefix,
    l.started,
    l.oaiIdentifier,
    orNull(l.urn),
    l.code,
    l.reason,
    l.at,
  ],
};
