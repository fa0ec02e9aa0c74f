// A URN record as PostgreSQL reads it: the record's row with its locators, identifiers,
// successors and predecessors aggregated beside it, so a whole record (or a set of them) costs one
// round trip. Shared by the store's single-record writes and the set writes (record-set.ts).

import { locatorRank } from "../locator-rank.js";
import type { Locator, RecordIdentifier, UrnRecord } from "../records.js";
import { type RecordColumns, toRecord as recordOf } from "../rows.js";

export interface RecordRow extends RecordColumns {
  locators: Locator[];
  successors: string[];
  predecessors: string[];
  identifiers: RecordIdentifier[];
}

/** Records with their locators best first, successors newest first; append a WHERE on `r`. */
export const RECORD_SQL = `SELECT r.*,
  (SELECT coalesce(json_agg(json_build_object('url', l.url, 'priority', l.priority,
      'mediaType', l.media_type, 'active', l.active, 'owner', l.owner, 'created', l.created)
      ORDER BY l.active DESC, ${locatorRank("r.organisation")}), '[]')
    FROM locators l WHERE l.record_id = r.id) AS locators,
  (SELECT coalesce(json_agg(json_build_object('type', i.type, 'value', i.value)
      ORDER BY i.type, i.value), '[]')
    FROM record_identifiers i WHERE i.record_id = r.id) AS identifiers,
  ARRAY(SELECT s.successor_urn FROM successors s WHERE s.record_id = r.id
    ORDER BY s.created DESC, s.successor_key) AS successors,
  ARRAY(SELECT p.urn FROM successors s JOIN records p ON p.id = s.record_id
    WHERE s.successor_key = r.key ORDER BY p.id) AS predecessors
FROM records r`;

export const toRecord = (row: RecordRow): UrnRecord => recordOf(row, row);
