// Every table of a registry database as comparable rows: ids an engine assigns replaced by what
// names their rows in every registry (a record's key, a locator's key and URL, a token's hash, a
// harvest source's URL, set and format, a run's source and start), booleans as 0 or 1, and each
// table's rows sorted. Two registries holding the same are equal here whatever their engines.

import type { EngineHandle } from "./engines.js";

/** Tables not part of a registry's content: the migrations' log, per-host state, derived indexes. */
const NOT_CONTENT = new Set([
  "schema_migrations",
  "copy_checkpoint",
  "link_lease",
  "restoring",
  "sessions",
]);

type Row = Record<string, unknown>;

export async function tableNames(handle: EngineHandle, engine: string): Promise<string[]> {
  const rows =
    engine === "sqlite"
      ? await handle.rawRows("sqlite_master WHERE type = 'table'")
      : await handle.rawRows("pg_tables WHERE schemaname = 'public'");
  return rows
    .map((r) => String(r.name ?? r.tablename))
    .filter((t) => !t.startsWith("sqlite_") && !t.startsWith("records_search"))
    .sort();
}

const bool = (v: unknown) => (v === true ? 1 : v === false ? 0 : v);

export async function registryTables(
  handle: EngineHandle,
  engine: string,
): Promise<Record<string, string[]>> {
  const names = await tableNames(handle, engine);
  const raw: Record<string, Row[]> = {};
  for (const t of names) raw[t] = await handle.rawRows(t);
  const byId = (table: string, name: (r: Row) => string) =>
    new Map((raw[table] ?? []).map((r) => [Number(r.id), name(r)]));
  const record = byId("records", (r) => String(r.key));
  const locator = byId("locators", (r) => `${record.get(Number(r.record_id))} ${r.url}`);
  const token = byId("tokens", (r) => String(r.hash));
  const source = byId("harvest_sources", (r) => `${r.url} ${r.set_spec} ${r.metadata_prefix}`);
  const run = byId("harvest_runs", (r) => `${source.get(Number(r.source_id))} ${r.started}`);
  const rename: Record<string, (r: Row) => Row> = {
    records: ({ id, ...r }) => r,
    locators: ({ id, record_id, url_key, ...r }) => ({
      ...r,
      record: record.get(Number(record_id)),
    }),
    successors: ({ record_id, ...r }) => ({ ...r, record: record.get(Number(record_id)) }),
    record_identifiers: ({ record_id, ...r }) => ({ ...r, record: record.get(Number(record_id)) }),
    tokens: ({ id, ...r }) => r,
    audit: ({ id, token_id, ...r }) => ({
      ...r,
      token: token_id == null ? null : token.get(Number(token_id)),
    }),
    harvest_sources: ({ id, lease_run, lease_until, ...r }) => r,
    harvest_runs: ({ id, source_id, ...r }) => ({ ...r, source: source.get(Number(source_id)) }),
    harvest_refusals: ({ id, run_id, ...r }) => ({ ...r, run: run.get(Number(run_id)) }),
    link_health: ({ locator_id, ...r }) => ({ ...r, locator: locator.get(Number(locator_id)) }),
    link_checks: ({ id, locator_id, ...r }) => ({ ...r, locator: locator.get(Number(locator_id)) }),
    // How far the rollup has taken the log in is the log's bookkeeping, not a count.
    stat_resolution_urns: ({ logged_to, ...r }) => r,
    stat_resolution_urn_log: ({ id, urns, ...r }) => ({
      ...r,
      urns: (typeof urns === "string" ? JSON.parse(urns) : urns).map(
        ([recordId, ...rest]: unknown[]) => [record.get(Number(recordId)), ...rest],
      ),
    }),
  };
  const tables: Record<string, string[]> = {};
  for (const t of names) {
    if (NOT_CONTENT.has(t)) continue;
    const rows = (raw[t] ?? []).map((r) => {
      const renamed = (rename[t] ?? ((x: Row) => x))(r);
      return JSON.stringify(
        Object.fromEntries(
          Object.entries(renamed)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, bool(v)]),
        ),
      );
    });
    tables[t] = rows.sort();
  }
  return tables;
}
