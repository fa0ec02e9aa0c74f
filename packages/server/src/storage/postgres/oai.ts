// The OAI-PMH provider's reads in PostgreSQL: the same pages as storage/sqlite/oai.ts, each one
// statement with the records' locators, successors and identifiers aggregated as JSON.

import type pg from "pg";
import {
  type OaiItem,
  type OaiPosition,
  type OaiSelection,
  type OaiStore,
  oaiShape,
  oaiWhere,
} from "../oai.js";
import type { Locator, RecordIdentifier } from "../records.js";
import { type RecordColumns, toRecord } from "../rows.js";

const PAGE_SQL = `SELECT r.*,
  (SELECT coalesce(json_agg(json_build_object('url', l.url, 'priority', l.priority,
      'mediaType', l.media_type, 'active', l.active, 'owner', l.owner, 'created', l.created)
      ORDER BY l.active DESC, (l.owner IS DISTINCT FROM r.organisation), l.priority DESC,
        l.created, l.id), '[]')
    FROM locators l WHERE l.record_id = r.id) AS locators,
  ARRAY(SELECT s.successor_urn FROM successors s WHERE s.record_id = r.id
    ORDER BY s.created DESC, s.successor_key) AS successors,
  (SELECT coalesce(json_agg(json_build_object('type', i.type, 'value', i.value)
      ORDER BY i.type, i.value), '[]')
    FROM record_identifiers i WHERE i.record_id = r.id) AS identifiers
FROM records r`;

interface PageRow extends RecordColumns {
  locators: Locator[];
  successors: string[];
  identifiers: RecordIdentifier[];
}

export class PostgresOai implements OaiStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async page(
    selection: OaiSelection,
    after: OaiPosition | null,
    limit: number,
  ): Promise<OaiItem[]> {
    const values: unknown[] = [];
    let n = 0;
    // A row comparison on the (…, updated, id) indexes is one index range here.
    const where = oaiWhere(selection, after, "row", () => `$${++n}`, values);
    values.push(limit);
    // Named per selection shape: each connection parses and plans a shape once, not per page.
    const { rows } = await this.#pool.query<PageRow>({
      name: `urnkit-oai-page-${oaiShape(selection, after, "row")}`,
      text: `${PAGE_SQL} ${where} ORDER BY r.updated, r.id LIMIT $${++n}`,
      values,
    });
    return rows.map(
      (row): OaiItem => ({
        id: row.id,
        // The provider shows no predecessors: reading them would cost a join per record.
        record: toRecord(row, { ...row, predecessors: [] }),
      }),
    );
  }

  async count(selection: OaiSelection): Promise<number> {
    const values: unknown[] = [];
    let n = 0;
    const where = oaiWhere(selection, null, "later", () => `$${++n}`, values);
    const { rows } = await this.#pool.query<{ n: number }>(
      `SELECT count(*) AS n FROM records r ${where}`,
      values,
    );
    return rows[0]?.n ?? 0;
  }

  async earliest(): Promise<string | null> {
    const { rows } = await this.#pool.query<{ t: string | null }>(
      "SELECT min(updated) AS t FROM records",
    );
    return rows[0]?.t ?? null;
  }
}
