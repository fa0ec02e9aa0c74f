// A whole registry read and restored in SQLite (storage/transfer.ts, registry-tables/): reads on a
// read-only connection of their own inside one read transaction (one snapshot however long the
// export takes); a restore batch in one IMMEDIATE transaction under the restore mark (version
// 19: the row of `restoring`, deleted again before COMMIT).

import Database from "better-sqlite3";
import {
  CHECKPOINT_COLUMNS,
  countSql,
  HOLDS_ANYTHING_SQL,
  insertSql,
  matchSql,
  pageSql,
  sqliteSetInsertSql,
} from "../registry-tables/statements.js";
import {
  type LineObject,
  type ReadKind,
  rowLine,
  sameLine,
  type TableKind,
  type TableRow,
} from "../registry-tables/table-kind.js";
import {
  type CopyCheckpoint,
  occurrenceOf,
  type RegistryReader,
  type RestoreBatch,
  RestoreRowError,
  type RowVerdict,
} from "../transfer.js";

/** A fresh restore's rows as its set insert takes them, and how many they are. */
export interface RowSet {
  /** Each line's insert parameters, as one JSON array. */
  json: string;
  count: number;
}

export function setRows(kind: TableKind, lines: readonly LineObject[]): RowSet {
  return {
    json: JSON.stringify(lines.map((line) => kind.insertParams(line))),
    count: lines.length,
  };
}

interface KindStatements {
  match: Database.Statement<unknown[], TableRow>;
  count: Database.Statement<unknown[], { n: number }>;
  insert: Database.Statement<unknown[]>;
  /** Every row of a batch in one statement (a fresh restore's). */
  set: Database.Statement<[string]>;
}

export class SqliteRegistryRows {
  readonly #db: Database.Database;
  readonly #statements = new Map<string, KindStatements>();

  constructor(db: Database.Database) {
    this.#db = db;
  }

  /** Runs `work` in one IMMEDIATE transaction under the restore mark, with the checkpoint. */
  restoring<T>(batch: RestoreBatch, work: () => T): T {
    return this.#db
      .transaction(() => {
        this.#db.prepare("INSERT INTO restoring (id) VALUES (1)").run();
        const result = work();
        if (batch.checkpoint !== undefined) this.saveCheckpointSync(batch.checkpoint);
        this.#db.prepare("DELETE FROM restoring").run();
        return result;
      })
      .immediate();
  }

  #kindStatements(kind: TableKind): KindStatements {
    let s = this.#statements.get(kind.kind);
    if (s === undefined) {
      s = {
        match: this.#db.prepare<unknown[], TableRow>(matchSql(kind, "sqlite")),
        count: this.#db.prepare<unknown[], { n: number }>(countSql(kind, "sqlite")),
        insert: this.#db.prepare<unknown[]>(insertSql(kind, "sqlite")),
        set: this.#db.prepare<[string]>(sqliteSetInsertSql(kind)),
      };
      this.#statements.set(kind.kind, s);
    }
    return s;
  }

  /**
   * A fresh restore's rows in one statement (setRows); false when the database refused the set as
   * a whole (nothing written). A row it skipped without an error (a statistics row stored
   * already: its guard ignores the insert, keeping the stored counts) refuses the set too, so
   * that each row is then found stored, or in conflict, one by one.
   */
  restoreSet(kind: TableKind, rows: RowSet, batch: RestoreBatch): boolean {
    try {
      this.restoring(batch, () => {
        const { changes } = this.#kindStatements(kind).set.run(rows.json);
        if (changes !== rows.count) throw new Error("rows of the set were skipped");
      });
      return true;
    } catch {
      return false;
    }
  }

  restoreRows(kind: TableKind, lines: readonly LineObject[], batch: RestoreBatch): RowVerdict[] {
    const s = this.#kindStatements(kind);
    // Refused as a whole, the set is written row by row below, to name the row at fault.
    if (
      batch.fresh === true &&
      lines.length > 0 &&
      this.restoreSet(kind, setRows(kind, lines), batch)
    )
      return lines.map((): RowVerdict => "created");
    return this.restoring(batch, () =>
      lines.map((line, index): RowVerdict => {
        try {
          if (!kind.keyed) {
            // A history line: already there when as many rows alike are stored as its occurrence.
            const alike = (s.count.get(...kind.matchParams(line)) as { n: number }).n;
            if (alike >= occurrenceOf(line)) return "unchanged";
            s.insert.run(...kind.insertParams(line));
            return "created";
          }
          const stored = s.match.get(...kind.matchParams(line));
          if (stored !== undefined) {
            const existing = rowLine(kind, stored);
            if (!kind.keyed || existing === null || sameLine(existing, line)) return "unchanged";
            return { conflict: existing };
          }
          s.insert.run(...kind.insertParams(line));
          return "created";
        } catch (error) {
          throw new RestoreRowError(index, error);
        }
      }),
    );
  }

  async openReader(): Promise<RegistryReader> {
    const file = this.#db.name;
    // A connection of its own holds the snapshot; an in-memory database has only the one.
    const own = file !== ":memory:" && file !== "";
    const db = own ? new Database(file, { readonly: true, fileMustExist: true }) : this.#db;
    if (own) db.exec("BEGIN");
    const pages = new Map<string, Database.Statement<unknown[], TableRow>>();
    return {
      async page(kind: ReadKind, after: readonly unknown[] | null, limit: number) {
        const name = `${kind.kind}:${after === null ? "start" : "position"}`;
        let statement = pages.get(name);
        if (statement === undefined) {
          statement = db.prepare<unknown[], TableRow>(
            pageSql(kind, "sqlite", after === null ? "start" : "position"),
          );
          pages.set(name, statement);
        }
        return statement.all(...(after ?? []), limit);
      },
      async close() {
        if (!own) return;
        db.exec("COMMIT");
        db.close();
      },
    };
  }

  holdsAnything(): boolean {
    return (this.#db.prepare(HOLDS_ANYTHING_SQL).get() as { held: number }).held === 1;
  }

  copyCheckpoint(): CopyCheckpoint | null {
    return (
      (this.#db.prepare(`SELECT ${CHECKPOINT_COLUMNS} FROM copy_checkpoint WHERE id = 1`).get() as
        | CopyCheckpoint
        | undefined) ?? null
    );
  }

  saveCheckpointSync(c: CopyCheckpoint): void {
    this.#db
      .prepare(
        `INSERT INTO copy_checkpoint (id, source, header, line, started, finished)
         VALUES (1, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET source = excluded.source, header = excluded.header,
           line = excluded.line, started = excluded.started, finished = excluded.finished`,
      )
      .run(c.source, c.header, c.line, c.started, c.finished);
  }
}
