// Listing and searching records in PostgreSQL: the GIN expression index records_search for
// words, the generated url_key column's index for a URL (normalised by urnkit_url_key, the rule
// the column is computed with), the unique key index ("C" collation) for a namespace or prefix.

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
import type { Queryable } from "./organisations.js";

export const dialect: SearchDialect = {
  placeholder: (n) => `$${n}`,
  fullText: (match) => ({
    from: "records r",
    // The expression of the index records_search, word for word, so the planner can use it.
    where: `urnkit_search_vector(r.urn, r.metadata) @@ to_tsquery('simple', ${match})`,
    id: "r.id",
  }),
  // Each word quoted (a tsquery lexeme), all of them required.
  matchText: (words) => words.map((w) => `'${w}'`).join(" & "),
  locatorUrl: (url) => `l.url_key = urnkit_url_key(${url}) AND l.active`,
};

const URL_HOLDER = urlHolderSql(dialect);

export class PostgresSearch implements SearchStore {
  readonly #read: () => Queryable;
  // A named statement a shape of query (filters given, order): a few dozen at most. Each
  // connection prepares it once and then skips parsing (and, once PostgreSQL settles on a
  // generic plan, planning) on every later page.
  readonly #names = new Map<string, string>();

  /** `read()`: the primary, or the replica while the primary is unreachable (read-routing.ts). */
  constructor(read: () => Queryable) {
    this.#read = read;
  }

  async records(query: RecordQuery): Promise<SearchHit[]> {
    const { sql, params } = searchSql(query, dialect);
    let name = this.#names.get(sql);
    if (name === undefined) {
      name = `urnkit_search_${this.#names.size}`;
      this.#names.set(sql, name);
    }
    const result = await this.#read().query<SummaryRow>({ name, text: sql, values: params });
    return result.rows.map(toHit);
  }

  async count(query: RecordCountQuery): Promise<number> {
    const { sql, params } = countSql(query, dialect);
    const result = await this.#read().query<{ n: string }>(sql, params);
    return Number(result.rows[0]?.n ?? 0);
  }

  async urlHolder(url: string, exceptKey: string | null): Promise<string | null> {
    const result = await this.#read().query<{ urn: string }>({
      name: "urnkit_url_holder",
      text: URL_HOLDER,
      values: [url, exceptKey],
    });
    return result.rows[0]?.urn ?? null;
  }
}
