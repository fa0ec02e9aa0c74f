// Listing and searching records in SQLite: FTS5 (records_search, kept by triggers) for words, the
// locators' url_key index for a URL, the unique key index for a namespace or prefix.

import type Database from "better-sqlite3";
import {
  countSql,
  type RecordCountQuery,
  type RecordQuery,
  type SearchDialect,
  type SearchHit,
  type SearchStore,
  type SummaryRow,
  searchSql,
  toHit,
  urlHolderSql,
} from "../search.js";
import { locatorUrlKey } from "./locator-url-key.js";
import { preparedOnFirstUse } from "./prepared.js";

export const dialect: SearchDialect = {
  placeholder: () => "?",
  fullText: (match) => ({
    from: "records_search s JOIN records r ON r.id = s.rowid",
    where: `records_search MATCH ${match}`,
    // FTS5 hands rowids out in order and takes a rowid bound itself.
    id: "s.rowid",
  }),
  // Each word a quoted string (FTS5 §3.2): read as a word, never as query syntax.
  matchText: (words) => words.map((w) => `"${w}"`).join(" "),
  locatorUrl: (url) => `l.url_key = ${url} AND l.active = 1`,
};

export class SqliteSearch implements SearchStore {
  readonly #db: Database.Database;
  // One statement a shape of query (filters given, order): a few dozen at most.
  readonly #statements = new Map<string, Database.Statement<unknown[], SummaryRow>>();

  readonly #urlHolder = preparedOnFirstUse(() =>
    this.#db.prepare<[string, string | null], { urn: string }>(urlHolderSql(dialect)),
  );

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async records(query: RecordQuery): Promise<SearchHit[]> {
    const { sql, params } = searchSql(
      query.url === undefined ? query : { ...query, url: locatorUrlKey(query.url) },
      dialect,
    );
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#db.prepare<unknown[], SummaryRow>(sql);
      this.#statements.set(sql, statement);
    }
    return statement.all(...params).map(toHit);
  }

  async count(query: RecordCountQuery): Promise<number> {
    const { sql, params } = countSql(
      query.url === undefined ? query : { ...query, url: locatorUrlKey(query.url) },
      dialect,
    );
    const row = this.#db.prepare<unknown[], { n: number }>(sql).get(...params);
    return row?.n ?? 0;
  }

  async urlHolder(url: string, exceptKey: string | null): Promise<string | null> {
    return this.#urlHolder().get(locatorUrlKey(url), exceptKey)?.urn ?? null;
  }
}
