// A whole registry read and restored in PostgreSQL (storage/transfer.ts, registry-tables/): reads
// on a connection of its own in one REPEATABLE READ READ ONLY transaction (one snapshot however
// long the export takes); a restore batch's rows written in the transaction its import sequence
// opened (transfer.ts), under the restore mark (version 19: a setting of the transaction, which no
// other session sees).

import type pg from "pg";
import {
  CHECKPOINT_COLUMNS,
  countSql,
  HOLDS_ANYTHING_SQL,
  insertSql,
  matchSql,
  pageSql,
  postgresSetInsertSql,
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
  RestoreRowError,
  type RowVerdict,
} from "../transfer.js";

/** Marks the transaction as a restore's: the assignment counters skip its records. */
export const RESTORE_MARK = "SET LOCAL urnkit.restoring = 'on'";

const SAVE_CHECKPOINT = `INSERT INTO copy_checkpoint (id, source, header, line, started, finished)
  VALUES (1, $1, $2, $3, $4, $5)
  ON CONFLICT (id) DO UPDATE SET source = excluded.source, header = excluded.header,
    line = excluded.line, started = excluded.started, finished = excluded.finished`;

export async function saveCheckpoint(c: pg.ClientBase, checkpoint: CopyCheckpoint): Promise<void> {
  await c.query({
    name: "urnkit-copy-checkpoint",
    text: SAVE_CHECKPOINT,
    values: [
      checkpoint.source,
      checkpoint.header,
      checkpoint.line,
      checkpoint.started,
      checkpoint.finished,
    ],
  });
}

export class PostgresRegistryRows {
  readonly #pool: pg.Pool;
  readonly #client: () => pg.Client;
  /** Each kind's set insert, by kind: built once, prepared once per connection. */
  readonly #setStatements = new Map<string, { name: string; text: string }>();

  /** `client`: a new connection outside the pool, for a reader. */
  constructor(pool: pg.Pool, client: () => pg.Client) {
    this.#pool = pool;
    this.#client = client;
  }

  /**
   * Writes a restore batch's rows inside the caller's transaction, under the restore mark: into a
   * fresh registry as one set insert; row by row (each found stored, in conflict, or inserted)
   * otherwise, or when the database refuses the set (rolled back to before it), to name the row
   * at fault (RestoreRowError).
   */
  async writeRows(
    c: pg.ClientBase,
    kind: TableKind,
    lines: readonly LineObject[],
    fresh: boolean,
  ): Promise<RowVerdict[]> {
    if (fresh && lines.length > 0) {
      const statement = await this.#setStatement(c, kind);
      await c.query("SAVEPOINT restore_set");
      try {
        await c.query({
          ...statement,
          values: [JSON.stringify(lines.map((line) => kind.insertParams(line)))],
        });
        await c.query("RELEASE SAVEPOINT restore_set");
        return lines.map((): RowVerdict => "created");
      } catch {
        await c.query("ROLLBACK TO SAVEPOINT restore_set");
      }
    }
    const match = { name: `urnkit-restore-match-${kind.kind}`, text: matchSql(kind, "postgres") };
    const count = { name: `urnkit-restore-count-${kind.kind}`, text: countSql(kind, "postgres") };
    const insert = {
      name: `urnkit-restore-insert-${kind.kind}`,
      text: insertSql(kind, "postgres"),
    };
    const verdicts: RowVerdict[] = [];
    for (let index = 0; index < lines.length; index++) {
      const line = lines[index] as LineObject;
      try {
        if (!kind.keyed) {
          // A history line: already there when as many rows alike are stored as its occurrence.
          const alike = (await c.query<{ n: number }>({ ...count, values: kind.matchParams(line) }))
            .rows[0]?.n as number;
          if (alike >= occurrenceOf(line)) verdicts.push("unchanged");
          else {
            await c.query({ ...insert, values: kind.insertParams(line) });
            verdicts.push("created");
          }
          continue;
        }
        const stored = (await c.query<TableRow>({ ...match, values: kind.matchParams(line) }))
          .rows[0];
        if (stored !== undefined) {
          const existing = rowLine(kind, stored);
          if (existing === null || sameLine(existing, line)) verdicts.push("unchanged");
          else verdicts.push({ conflict: existing });
          continue;
        }
        await c.query({ ...insert, values: kind.insertParams(line) });
        verdicts.push("created");
      } catch (error) {
        throw new RestoreRowError(index, error);
      }
    }
    return verdicts;
  }

  /**
   * The kind's set insert, its casts the types PostgreSQL infers for the one-row insert's
   * parameters (asked once, inside the caller's transaction: a pooler keeps that on one
   * connection).
   */
  async #setStatement(c: pg.ClientBase, kind: TableKind): Promise<{ name: string; text: string }> {
    const known = this.#setStatements.get(kind.kind);
    if (known !== undefined) return known;
    await c.query(`PREPARE urnkit_parameter_types AS ${insertSql(kind, "postgres")}`);
    const types = await c.query<{ types: string[] }>(
      "SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = 'urnkit_parameter_types'",
    );
    await c.query("DEALLOCATE urnkit_parameter_types");
    const statement = {
      name: `urnkit-restore-set-${kind.kind}`,
      text: postgresSetInsertSql(kind, types.rows[0]?.types ?? []),
    };
    this.#setStatements.set(kind.kind, statement);
    return statement;
  }

  async openReader(): Promise<RegistryReader> {
    const client = this.#client();
    try {
      await client.connect();
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    return {
      async page(kind: ReadKind, after: readonly unknown[] | null, limit: number) {
        const from = after === null ? "start" : "position";
        const result = await client.query<TableRow>({
          name: `urnkit-registry-page-${kind.kind}-${from}`,
          text: pageSql(kind, "postgres", from),
          values: [...(after ?? []), limit],
        });
        return result.rows;
      },
      async close() {
        await client.end().catch(() => {});
      },
    };
  }

  async holdsAnything(): Promise<boolean> {
    return (await this.#pool.query<{ held: number }>(HOLDS_ANYTHING_SQL)).rows[0]?.held === 1;
  }

  async copyCheckpoint(): Promise<CopyCheckpoint | null> {
    const rows = (
      await this.#pool.query<CopyCheckpoint>(
        `SELECT ${CHECKPOINT_COLUMNS} FROM copy_checkpoint WHERE id = 1`,
      )
    ).rows;
    return rows[0] ?? null;
  }

  async saveCopyCheckpoint(checkpoint: CopyCheckpoint): Promise<void> {
    await saveCheckpoint(this.#pool as unknown as pg.ClientBase, checkpoint);
  }
}
