// Group commit for SQLite writes that arrive together: the units of work queued in one turn of the
// event loop run in one IMMEDIATE transaction, each in a savepoint of its own, and every caller
// is answered after the one COMMIT. A commit writes every page the transaction touched to the
// WAL, and consecutive mints touch the same pages (the prefix's row, the last leaves of the
// records, audit and index trees, the full-text index's new segment), so eight mints in one
// commit write a fraction of what eight commits write. Nothing is answered before its commit
// and the connection's durability settings are untouched; a unit that throws rolls back its own
// savepoint only and is refused alone.

import type Database from "better-sqlite3";

/** Units in one transaction at most; the rest wait for the next turn. */
const GROUP_LIMIT = 64;

interface Unit {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class CommitGroup {
  readonly #db: Database.Database;
  #queue: Unit[] = [];
  #scheduled = false;

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Runs `work` in the next group's transaction; settles once that transaction has committed. */
  run<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // After the turn's I/O callbacks and their promise chains: the requests read in this turn
    // have queued their work by then.
    setImmediate(() => this.#flush());
  }

  #flush(): void {
    this.#scheduled = false;
    const units = this.#queue.splice(0, GROUP_LIMIT);
    if (this.#queue.length > 0) this.#schedule();
    const db = this.#db;
    // Inside an open transaction (a caller's sole-writer batch) the group nests as a savepoint,
    // as any write would.
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const unit of units) {
          try {
            // A nested better-sqlite3 transaction is a savepoint: a throw undoes this unit only.
            outcomes.push({ ok: true, value: db.transaction(unit.work)() });
          } catch (error) {
            // An error that ended the whole transaction (SQLite rolls back on some I/O errors)
            // leaves nothing to commit: every unit of the group is refused with it.
            if (!db.inTransaction) throw error;
            outcomes.push({ ok: false, error });
          }
        }
      }).immediate();
    } catch (error) {
      for (const unit of units) unit.reject(error);
      return;
    }
    units.forEach((unit, i) => {
      const outcome = outcomes[i] as (typeof outcomes)[number];
      if (outcome.ok) unit.resolve(outcome.value);
      else unit.reject(outcome.error);
    });
  }
}
