// The OAI-PMH provider's reads in SQLite: a page of records in (updated, id) order with their
// locators, successors and identifiers gathered by the same statement (JSON aggregates), so a
// page costs one statement, whatever its length. Statements are prepared once per selection shape.

import type Database from "better-sqlite3";
import {
  type OaiItem,
  type OaiPart,
  type OaiPosition,
  type OaiSelection,
  type OaiStore,
  oaiShape,
  oaiWhere,
  pageAfter,
} from "../oai.js";
import type { Locator, RecordIdentifier } from "../records.js";
import { type RecordColumns, toRecord } from "../rows.js";

const PAGE_SQL = `SELECT r.*,
  (SELECT json_group_array(json_object('url', l.url, 'priority', l.priority,
      'mediaType', l.media_type, 'active', json(CASE WHEN l.active THEN 'true' ELSE 'false' END),
      'owner', l.owner, 'created', l.created)
      ORDER BY l.active DESC, (l.owner IS DISTINCT FROM r.organisation), l.priority DESC,
        l.created, l.id)
    FROM locators l WHERE l.record_id = r.id) AS locators,
  (SELECT json_group_array(s.successor_urn ORDER BY s.created DESC, s.successor_key)
    FROM successors s WHERE s.record_id = r.id) AS successors,
  (SELECT json_group_array(json_object('type', i.type, 'value', i.value) ORDER BY i.type, i.value)
    FROM record_identifiers i WHERE i.record_id = r.id) AS identifiers
FROM records r`;

interface PageRow extends RecordColumns {
  locators: string;
  successors: string;
  identifiers: string;
}

export class SqliteOai implements OaiStore {
  readonly #db: Database.Database;
  readonly #pages = new Map<string, Database.Statement<unknown[], PageRow>>();
  readonly #counts = new Map<string, Database.Statement<unknown[], { n: number }>>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async page(
    selection: OaiSelection,
    after: OaiPosition | null,
    limit: number,
  ): Promise<OaiItem[]> {
    return pageAfter(after, limit, (part, n) => this.#read(selection, after, part, n));
  }

  #read(selection: OaiSelection, after: OaiPosition | null, part: OaiPart, limit: number) {
    const values: unknown[] = [];
    const where = oaiWhere(selection, after, part, () => "?", values);
    const shape = oaiShape(selection, after, part);
    let statement = this.#pages.get(shape);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[], PageRow>(
        `${PAGE_SQL} ${where} ORDER BY r.updated, r.id LIMIT ?`,
      );
      this.#pages.set(shape, statement);
    }
    return statement.all(...values, limit).map(
      (row): OaiItem => ({
        id: row.id,
        // The provider shows no predecessors: reading them would cost a join per record.
        record: toRecord(row, {
          locators: JSON.parse(row.locators) as Locator[],
          successors: JSON.parse(row.successors) as string[],
          predecessors: [],
          identifiers: JSON.parse(row.identifiers) as RecordIdentifier[],
        }),
      }),
    );
  }

  async count(selection: OaiSelection): Promise<number> {
    const values: unknown[] = [];
    const where = oaiWhere(selection, null, "later", () => "?", values);
    const shape = oaiShape(selection, null, "later");
    let statement = this.#counts.get(shape);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[], { n: number }>(
        `SELECT count(*) AS n FROM records r ${where}`,
      );
      this.#counts.set(shape, statement);
    }
    return (statement.get(...values) as { n: number }).n;
  }

  async earliest(): Promise<string | null> {
    const row = this.#db
      .prepare<[], { t: string | null }>("SELECT min(updated) AS t FROM records")
      .get();
    return row?.t ?? null;
  }
}
