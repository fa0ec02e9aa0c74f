// Where reads go when there is a read replica. The reads of resolution and the public pages go
// to the primary while it is reachable (a namespace re-read after its NOTIFY, a record a
// registrar has just written: each as committed) and to the replica while it is not, so that a
// registry whose primary died or is being failed over still resolves everything the replica
// holds. "Reachable" is what the NOTIFY listener knows (it connects to the primary and notices
// at once when that connection breaks); a read that finds the primary gone before the listener
// does is asked of the replica straight away. Resolution's lookup goes the other way: to the
// replica, and to the primary when the replica cannot be reached. Only reads come here: a write
// never goes to the replica.

import type pg from "pg";
import { isDatabaseUnavailable } from "../database-unavailable.js";
import type { Queryable } from "./organisations.js";

export class Fallback implements Queryable {
  readonly #first: pg.Pool;
  readonly #second: pg.Pool;
  readonly #firstReachable: () => boolean;

  /** Asks `first` while `firstReachable()` says so, and `second` when `first` cannot answer. */
  constructor(first: pg.Pool, second: pg.Pool, firstReachable: () => boolean = () => true) {
    this.#first = first;
    this.#second = second;
    this.#firstReachable = firstReachable;
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    query: string | pg.QueryConfig,
    values?: unknown[],
  ): Promise<pg.QueryResult<R>> {
    if (!this.#firstReachable()) return this.#second.query<R>(query, values);
    try {
      return await this.#first.query<R>(query, values);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      return this.#second.query<R>(query, values);
    }
  }
}
