// The link checker's lease in SQLite (storage/link-lease.ts): looked up and written in one
// IMMEDIATE transaction, which holds the database's write lock from its start, so two processes
// on one file take turns and only one finds the lease free.

import type Database from "better-sqlite3";
import type { LinkLeaseStore } from "../link-lease.js";

export class SqliteLinkLease implements LinkLeaseStore {
  readonly #db: Database.Database;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  async take(holder: string, until: string, now: string): Promise<boolean> {
    return this.#db
      .transaction(() => {
        const row = this.#db
          .prepare<[], { holder: string; until: string }>(
            "SELECT holder, until FROM link_lease WHERE id = 1",
          )
          .get();
        if (row !== undefined && row.holder !== holder && row.until > now) return false;
        // Looked up first, then inserted or updated (no INSERT … SELECT on the same table).
        if (row === undefined)
          this.#db
            .prepare("INSERT INTO link_lease (id, holder, until) VALUES (1, ?, ?)")
            .run(holder, until);
        else
          this.#db
            .prepare("UPDATE link_lease SET holder = ?, until = ? WHERE id = 1")
            .run(holder, until);
        return true;
      })
      .immediate();
  }

  async release(holder: string): Promise<void> {
    this.#db.prepare("DELETE FROM link_lease WHERE id = 1 AND holder = ?").run(holder);
  }
}
