// The link checker's lease in PostgreSQL (storage/link-lease.ts): one statement. The insert of
// the single row, or on conflict its update where the lease is the holder's own or has run out,
// takes the row's lock, so of two processes asking at once one gets the row back and the other
// none.

import type pg from "pg";
import type { LinkLeaseStore } from "../link-lease.js";

export class PostgresLinkLease implements LinkLeaseStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async take(holder: string, until: string, now: string): Promise<boolean> {
    const { rowCount } = await this.#pool.query(
      `INSERT INTO link_lease (id, holder, until) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET holder = EXCLUDED.holder, until = EXCLUDED.until
       WHERE link_lease.holder = EXCLUDED.holder OR link_lease.until <= $3`,
      [holder, until, now],
    );
    return rowCount === 1;
  }

  async release(holder: string): Promise<void> {
    await this.#pool.query("DELETE FROM link_lease WHERE id = 1 AND holder = $1", [holder]);
  }
}
