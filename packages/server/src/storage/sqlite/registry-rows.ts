// A whole registry read and restored in SQLite (storage/transfer.ts, registry-tables/): reads on a
// read-only connection of their own inside one read transaction (one snapshot however long the
// export takes); a restore batch in one IMMEDIATE transaction under the restore mark (version
// 19: the row of `restoring`, deleted again before COMMIT).

import Database from "better-sqlite3";
import {
  bulkInsertSql,
  CHECKPOINT_COLUMNS,
  HOLDS_ANYTHING_SQL,
  insertSql,
  matchSql,
  pageSql,
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
  type RegistryReader,
  type RestoreBatch,
  RestoreRowError,
  type RowVerdict,
} from "../transfer.js";

interface KindStatements {
  match: Database.Statement<unknown[], TableRow>;
  insert: Database.Statement<unknown[]>;
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
        insert: this.#db.prepare<unknown[]>(insertSql(kind, "sqlite")),
      };
      this.#statements.set(kind.kind, s);
    }
    return s;
  }

  restoreRows(kind: TableKind, lines: readonly LineObject[], batch: RestoreBatch): RowVerdict[] {
    const s = this.#kindStatements(kind);
    if (batch.fresh === true && lines.length > 0)
      try {
        const insert = this.#db.prepare(bulkInsertSql(kind, "sqlite", lines.length));
        return this.restoring(batch, () => {
          insert.run(...lines.flatMap((line) => kind.insertParams(line)));
          return lines.map((): RowVerdict => "created");
        });
      } catch {
        // Refused as a whole: row by row below, to name the row at fault.
      }
    return this.restoring(batch, () =>
      lines.map((line, index): RowVerdict => {
        try {
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
