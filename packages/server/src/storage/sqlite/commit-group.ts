// Group commit for SQLite writes that arrive together: the units of work queued in one turn of the
// event loop run in one IMMEDIATE transaction, each in a savepoint of its own, and every caller
// is answered after the one COMMIT. A commit writes every page the transaction touched to the
// WAL, and consecutive mints touch the same pages (the prefix's row, the last leaves of the
// records, audit and index trees, the full-text index's new segment), so eight mints in one
// commit write a fraction of what eight commits write. Nothing is answered before its commit
// and the connection's durability settings are untouched; a unit that throws is refused alone,
// the others committed without it.

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

  /**
   * Runs `work` in the next group's transaction; settles once that transaction has committed.
   * `work` may run twice (see #flush), so its only effects are on the database.
   */
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
    if (units.length === 1) {
      this.#alone(units[0] as Unit);
      return;
    }
    // No savepoint per unit: SQLite keeps a savepoint's undo pages in a statement journal that
    // spills to a temporary file, which cost more than the commits saved. A unit that throws is
    // rare (a prefix exhausted, a disk error), so the group is tried whole, and if any unit
    // throws nothing of it is kept and each unit runs again in a transaction of its own.
    let values: unknown[];
    try {
      // Inside an open transaction (a caller's sole-writer batch) this nests as a savepoint, as
      // any write would.
      values = this.#db.transaction(() => units.map((unit) => unit.work())).immediate();
    } catch {
      for (const unit of units) this.#alone(unit);
      return;
    }
    units.forEach((unit, i) => {
      unit.resolve(values[i]);
    });
  }

  #alone(unit: Unit): void {
    try {
      unit.resolve(this.#db.transaction(unit.work).immediate());
    } catch (error) {
      unit.reject(error);
    }
  }
}
