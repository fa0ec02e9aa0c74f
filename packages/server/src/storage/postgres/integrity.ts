// The registry as a whole, read for `urnkit verify` in PostgreSQL (storage/integrity.ts): one
// connection in a REPEATABLE READ, READ ONLY transaction, so every query sees the same snapshot
// while other processes go on writing.

import type pg from "pg";
import type {
  AssignmentsPastRecords,
  IdSequence,
  IntegrityReads,
  IntegrityStore,
  LogEntry,
  LogSequence,
  NumberedRecord,
  Orphans,
  PresentFunction,
  PresentTrigger,
  RecordChild,
  RecordKey,
  RolledUpEntry,
  TakenNumbers,
  TriggerBypass,
  UnfinishedCopy,
  UrnCountsPastBucket,
} from "../integrity.js";
import { CHILD_ROWS, CREATION_NOT_LOGGED, recordKeyPages, withCount } from "../integrity.js";

/** The URN log's entries with their chunk's id and day and the record id each names. */
const LOG_ENTRIES = `SELECT l.id AS chunk, l.day, (e ->> 0)::bigint AS record
  FROM stat_resolution_urn_log l CROSS JOIN jsonb_array_elements(l.urns) e`;

/** A prefix's numbers: the digits after it, without the check character where it has one. */
const NUMBERED = `SELECT p.prefix, p.next, p.width, p.check_scheme AS scheme, r.id, r.urn, r.key,
    substr(r.key, length(p.prefix) + 1, greatest(0,
      length(r.key) - length(p.prefix) - CASE p.check_scheme WHEN 'none' THEN 0 ELSE 1 END)) AS digits
  FROM records r JOIN prefixes p ON p.prefix = r.prefix
  WHERE left(r.key, length(p.prefix)) = p.prefix`;

function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

class PostgresIntegrityReads implements IntegrityReads {
  readonly engine = "postgres";
  readonly #client: pg.PoolClient;

  constructor(client: pg.PoolClient) {
    this.#client = client;
  }

  async #all<T extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<T[]> {
    return (await this.#client.query<T>(sql, values)).rows;
  }

  async #count(sql: string, values: unknown[] = []): Promise<number> {
    const rows = await this.#all<{ n: number }>(
      `SELECT count(*)::int AS n FROM (${sql}) counted`,
      values,
    );
    return rows[0]?.n ?? 0;
  }

  async appliedVersions(): Promise<number[] | null> {
    const table = await this.#all<{ found: string | null }>(
      "SELECT to_regclass('schema_migrations')::text AS found",
    );
    if (table[0]?.found == null) return null;
    const rows = await this.#all<{ version: number }>(
      "SELECT version FROM schema_migrations ORDER BY version",
    );
    return rows.map((row) => row.version);
  }

  async triggers(): Promise<PresentTrigger[]> {
    // 'O' fires in ordinary sessions, 'A' always; 'D' never, 'R' only on a logical replica.
    return this.#all<PresentTrigger>(
      `SELECT t.tgname AS name, c.relname AS "table", t.tgenabled IN ('O', 'A') AS enabled,
         p.proname AS definition
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal`,
    );
  }

  async functions(): Promise<PresentFunction[]> {
    return this.#all<PresentFunction>(
      `SELECT proname AS name, prosrc AS body FROM pg_proc
       WHERE pronamespace = current_schema()::regnamespace`,
    );
  }

  async triggersBypassed(): Promise<TriggerBypass> {
    // This session sets neither: what it sees comes from the database's or the role's settings.
    const rows = await this.#all<{ role: string; restoring: string | null }>(
      `SELECT current_setting('session_replication_role') AS role,
         current_setting('urnkit.restoring', true) AS restoring`,
    );
    return {
      replicaRole: rows[0]?.role === "replica",
      restoreMark: rows[0]?.restoring === "on",
    };
  }

  async unfinishedCopy(): Promise<UnfinishedCopy | null> {
    const rows = await this.#all<UnfinishedCopy>(
      `SELECT source, started, line FROM copy_checkpoint
       WHERE id = 1 AND finished IS NULL`,
    );
    return rows[0] ?? null;
  }

  async numbersAtOrPastNext(limit: number): Promise<NumberedRecord[]> {
    // Compared as text without leading zeros: a number of 30 digits is past any bigint.
    const rows = await this.#all<Omit<NumberedRecord, "check"> & { scheme: string }>(
      `SELECT prefix, next, width, scheme, id, urn, key, digits
       FROM (SELECT n.*, ltrim(n.digits, '0') AS value FROM (${NUMBERED}) n) v
       WHERE digits ~ '^[0-9]+$' AND length(digits) >= width
         AND (length(value) > length(next::text)
           OR (length(value) = length(next::text) AND value >= next::text))
         AND ${CREATION_NOT_LOGGED}
       ORDER BY prefix, length(value) DESC, value DESC LIMIT $1`,
      [limit],
    );
    return rows.map(({ scheme, ...row }) => ({ ...row, check: scheme }));
  }

  async takenPastNext(): Promise<TakenNumbers[]> {
    return this.#all<TakenNumbers>(
      `SELECT prefix, next, past FROM (
         SELECT p.prefix, p.next, (
           SELECT max((a.after::jsonb ->> 'first')::bigint + (a.after::jsonb ->> 'count')::bigint)
           FROM audit a WHERE a.target = 'prefix:' || p.prefix
             AND a.action IN ('prefix.mint', 'prefix.reserve', 'prefix.suggest', 'namespace.mint')
         ) AS past
         FROM prefixes p
       ) t WHERE past > next ORDER BY prefix`,
    );
  }

  async idSequencesBehind(): Promise<IdSequence[]> {
    const columns = await this.#all<{ table: string; column: string; sequence: string }>(
      `SELECT c.relname AS "table", a.attname AS "column",
         pg_get_serial_sequence(format('%I', c.relname), a.attname) AS sequence
       FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
       WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
         AND a.attidentity <> '' AND NOT a.attisdropped
       ORDER BY 1, 2`,
    );
    const behind: IdSequence[] = [];
    for (const { table, column, sequence } of columns) {
      const rows = await this.#all<{ next: number; maxId: number }>(
        `SELECT CASE WHEN s.is_called THEN s.last_value + 1 ELSE s.last_value END AS next,
           (SELECT coalesce(max(${identifier(column)}), 0) FROM ${identifier(table)}) AS "maxId"
         FROM ${sequence} s`,
      );
      const row = rows[0];
      if (row !== undefined && row.next <= row.maxId) behind.push({ table, column, ...row });
    }
    return behind;
  }

  async orphans(table: RecordChild, limit: number): Promise<Orphans> {
    const rows = `SELECT ${CHILD_ROWS[table]} AS row, c.record_id AS "recordId" FROM ${table} c
      WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = c.record_id)`;
    const examples = await this.#all<{ row: string; recordId: number }>(`${rows} LIMIT $1`, [
      limit,
    ]);
    return withCount(examples, limit, () => this.#count(rows));
  }

  async *recordKeys(): AsyncIterable<RecordKey[]> {
    yield* recordKeyPages((after, size) =>
      this.#all<RecordKey>("SELECT id, urn, key FROM records WHERE id > $1 ORDER BY id LIMIT $2", [
        after,
        size,
      ]),
    );
  }

  async duplicateKeys(limit: number): Promise<{ key: string; ids: number[] }[]> {
    const rows = await this.#all<{ key: string; ids: string[] }>(
      `SELECT key, array_agg(id ORDER BY id)::text[] AS ids FROM records GROUP BY key
       HAVING count(*) > 1 ORDER BY key LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ key: row.key, ids: row.ids.map(Number) }));
  }

  async recordsByKeys(keys: readonly string[]): Promise<RecordKey[]> {
    return this.#all<RecordKey>(
      "SELECT id, urn, key FROM records WHERE key = ANY($1::text[]) ORDER BY id",
      [keys],
    );
  }

  async logEntriesWithoutRecord(limit: number): Promise<{ count: number; examples: LogEntry[] }> {
    const rows = `SELECT * FROM (${LOG_ENTRIES}) e
      WHERE NOT EXISTS (SELECT 1 FROM records r WHERE r.id = e.record)`;
    const examples = await this.#all<LogEntry>(`${rows} ORDER BY chunk, record LIMIT $1`, [limit]);
    return withCount(examples, limit, () => this.#count(rows));
  }

  async logEntriesRolledUp(limit: number): Promise<{ count: number; examples: RolledUpEntry[] }> {
    const rows = `SELECT e.chunk, e.day, e.record, r.key, u.logged_to AS "loggedTo"
      FROM (${LOG_ENTRIES}) e JOIN records r ON r.id = e.record
      JOIN stat_resolution_urns u ON u.day = e.day AND u.key = r.key
      WHERE u.logged_to >= e.chunk`;
    const examples = await this.#all<RolledUpEntry>(`${rows} ORDER BY chunk, record LIMIT $1`, [
      limit,
    ]);
    return withCount(examples, limit, () => this.#count(rows));
  }

  async logSequence(): Promise<LogSequence> {
    const found = await this.#all<{ sequence: string | null }>(
      "SELECT pg_get_serial_sequence('stat_resolution_urn_log', 'id') AS sequence",
    );
    const sequence = found[0]?.sequence ?? null;
    const fromSequence =
      sequence === null
        ? "0"
        : `(SELECT CASE WHEN is_called THEN last_value + 1 ELSE last_value END FROM ${sequence})`;
    const rows = await this.#all<LogSequence>(
      `SELECT greatest(${fromSequence},
           coalesce((SELECT max(id) FROM stat_resolution_urn_log), 0) + 1) AS next,
         coalesce((SELECT max(logged_to) FROM stat_resolution_urns), 0) AS "loggedTo"`,
    );
    return rows[0] ?? { next: 1, loggedTo: 0 };
  }

  async urnCountsPastBuckets(limit: number): Promise<UrnCountsPastBucket[]> {
    return this.#all<UrnCountsPastBucket>(
      `SELECT u.day, u.nid, u.prefix, u.organisation, u.people AS "urnPeople", u.bots AS "urnBots",
         coalesce(b.people, 0) AS "bucketPeople", coalesce(b.bots, 0) AS "bucketBots"
       FROM (
         SELECT day, nid, prefix, organisation, sum(count)::bigint AS people,
           sum(bots)::bigint AS bots
         FROM (
           SELECT day, nid, prefix, organisation, count, bots FROM stat_resolution_urns
           UNION ALL
           SELECT l.day, e ->> 1, e ->> 2, e ->> 3, (e ->> 4)::bigint, (e ->> 5)::bigint
           FROM stat_resolution_urn_log l CROSS JOIN jsonb_array_elements(l.urns) e
         ) all_urns GROUP BY 1, 2, 3, 4
       ) u LEFT JOIN (
         SELECT day, nid, prefix, organisation,
           sum(CASE WHEN bot THEN 0 ELSE count END)::bigint AS people,
           sum(CASE WHEN bot THEN count ELSE 0 END)::bigint AS bots
         FROM stat_resolutions GROUP BY 1, 2, 3, 4
       ) b ON b.day = u.day AND b.nid = u.nid AND b.prefix = u.prefix
         AND b.organisation = u.organisation
       WHERE u.people > coalesce(b.people, 0) OR u.bots > coalesce(b.bots, 0)
       ORDER BY 1, 2, 3, 4 LIMIT $1`,
      [limit],
    );
  }

  async assignmentsPastRecords(limit: number): Promise<AssignmentsPastRecords[]> {
    return this.#all<AssignmentsPastRecords>(
      `SELECT a.nid, a.prefix, a.organisation, a.registered, a.activated, a.deactivated,
         coalesce(r.records, 0) AS records, coalesce(r.past, 0) AS "recordsPastReserved",
         coalesce(r.deactivated, 0) AS "recordsDeactivated"
       FROM (
         SELECT nid, prefix, organisation,
           sum(CASE event WHEN 'registered' THEN count ELSE 0 END)::bigint AS registered,
           sum(CASE event WHEN 'activated' THEN count ELSE 0 END)::bigint AS activated,
           sum(CASE event WHEN 'deactivated' THEN count ELSE 0 END)::bigint AS deactivated
         FROM stat_assignments GROUP BY 1, 2, 3
       ) a LEFT JOIN (
         SELECT nid, coalesce(prefix, '') AS prefix, coalesce(organisation, '') AS organisation,
           count(*) AS records, count(*) FILTER (WHERE status <> 'reserved') AS past,
           count(*) FILTER (WHERE status = 'deactivated') AS deactivated
         FROM records GROUP BY 1, 2, 3
       ) r ON r.nid = a.nid AND r.prefix = a.prefix AND r.organisation = a.organisation
       WHERE a.registered > coalesce(r.records, 0) OR a.activated > coalesce(r.past, 0)
         OR a.deactivated > coalesce(r.deactivated, 0)
       ORDER BY 1, 2, 3 LIMIT $1`,
      [limit],
    );
  }

  async recordCount(): Promise<number> {
    return this.#count("SELECT id FROM records");
  }
}

export class PostgresIntegrity implements IntegrityStore {
  readonly #pool: pg.Pool;

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  async snapshot<T>(work: (reads: IntegrityReads) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    try {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      return await work(new PostgresIntegrityReads(client));
    } finally {
      await client.query("ROLLBACK").catch(() => {});
      client.release();
    }
  }
}
