// The versioned schema in PostgreSQL's dialect, version for version with the SQLite one. "Never
// reassigned, never deleted" (RFC 8141 §1.1 persistence) is held by the database: a UNIQUE
// equivalence key and triggers refusing DELETE, TRUNCATE, a changed key and a status moving
// backwards, written from the rules in storage/guard-rules.ts (guards.ts). Timestamps stay
// ISO-8601 text so that exports round-trip byte for byte across engines; keys use the "C"
// collation (byte order, no locale cost on the hottest index).

import { AUDIT_BY_TARGET, type Migration, RESOLUTION_COUNTS_BOUNDED } from "../migration.js";
import { countingTriggers, countingTriggersSkippingRestores } from "./assignment-counting.js";
import { changedGuards, tableGuards } from "./guards.js";
import {
  SEARCH_VECTOR_FUNCTION_ONE_EXPRESSION,
  SEARCH_VECTOR_FUNCTION_PLPGSQL,
} from "./search-vector-function.js";
import {
  URL_KEY_FUNCTION,
  URL_KEY_FUNCTION_FAST_PATH,
  URL_KEY_FUNCTION_FASTER,
} from "./url-key-function.js";

/** The channel a namespace change is announced on, so that every process drops its cached copy. */
export const NAMESPACE_CHANNEL = "urnkit_namespaces";

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "registry",
    sql: `
CREATE FUNCTION urnkit_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'integrity_constraint_violation';
END
$$;

CREATE TABLE namespaces (
  nid text COLLATE "C" PRIMARY KEY,
  template_revision integer NOT NULL DEFAULT 0,
  mint text,
  mint_next bigint NOT NULL DEFAULT 1,
  redirect_status integer NOT NULL DEFAULT 303 CHECK (redirect_status IN (302, 303, 307)),
  max_age integer NOT NULL DEFAULT 300 CHECK (max_age >= 0),
  delegate text NOT NULL DEFAULT '[]',
  local boolean NOT NULL DEFAULT false,
  created text NOT NULL,
  updated text NOT NULL
);

-- Every process caches namespaces (read on each resolution); a change is announced after commit.
-- mint_next is left out: minting changes nothing a cache holds.
CREATE FUNCTION namespaces_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${NAMESPACE_CHANNEL}', NEW.nid);
  RETURN NULL;
END
$$;
CREATE TRIGGER namespaces_changed
AFTER INSERT OR UPDATE OF template_revision, mint, redirect_status, max_age, delegate, local
ON namespaces FOR EACH ROW EXECUTE FUNCTION namespaces_notify();

CREATE TABLE namespace_templates (
  nid text COLLATE "C" NOT NULL REFERENCES namespaces(nid),
  revision integer NOT NULL,
  template text,
  created text NOT NULL,
  PRIMARY KEY (nid, revision)
);

CREATE TABLE records (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  key text COLLATE "C" NOT NULL UNIQUE,
  urn text NOT NULL,
  nid text COLLATE "C" NOT NULL,
  status text NOT NULL CHECK (status IN ('reserved', 'active', 'deactivated')),
  metadata text CHECK (metadata IS NULL OR octet_length(metadata) <= 65536),
  reason text,
  deactivated text,
  created text NOT NULL,
  updated text NOT NULL
);

${tableGuards(1, "records")}

CREATE TABLE locators (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  record_id bigint NOT NULL REFERENCES records(id),
  url text NOT NULL,
  priority bigint NOT NULL DEFAULT 0,
  media_type text,
  active boolean NOT NULL DEFAULT true,
  created text NOT NULL,
  UNIQUE (record_id, url)
);

CREATE TABLE successors (
  record_id bigint NOT NULL REFERENCES records(id),
  successor_urn text NOT NULL,
  successor_key text COLLATE "C" NOT NULL,
  created text NOT NULL,
  PRIMARY KEY (record_id, successor_key)
);
CREATE INDEX successors_by_key ON successors (successor_key);

CREATE TABLE tokens (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  hash text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('admin', 'registrar', 'reader')),
  namespace text,
  label text,
  created text NOT NULL
);

CREATE TABLE audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_id bigint REFERENCES tokens(id),
  action text NOT NULL,
  target text NOT NULL,
  before text,
  after text,
  at text NOT NULL
);

${tableGuards(1, "audit")}

CREATE TABLE resolution_counts (
  nid text NOT NULL,
  day text NOT NULL,
  count bigint NOT NULL,
  PRIMARY KEY (nid, day)
);
`,
  },
  {
    version: 2,
    name: "sessions",
    sql: `
ALTER TABLE tokens ADD COLUMN revoked text;

CREATE TABLE sessions (
  id_hash text COLLATE "C" PRIMARY KEY,
  token_id bigint NOT NULL REFERENCES tokens(id),
  csrf text NOT NULL,
  flash text,
  created text NOT NULL,
  expires text COLLATE "C" NOT NULL
);
CREATE INDEX sessions_by_token ON sessions (token_id);
CREATE INDEX sessions_by_expiry ON sessions (expires);
`,
  },
  AUDIT_BY_TARGET,
  {
    // SQLite's version 4 also indexes locators in rank order; PostgreSQL sorts a record's few
    // locators in memory without the temporary B-tree SQLite builds, and the index would cost
    // every COPY import. A record's latest successor is read by index here as there.
    version: 4,
    name: "resolution-order",
    sql: "CREATE INDEX successors_by_age ON successors (record_id, created DESC);",
  },
  {
    // Version 5 as in SQLite: assignments and their history are never deleted or rewritten.
    // PostgreSQL has no REPLACE, and an UPSERT's update fires the UPDATE triggers, so refusing
    // DELETE, TRUNCATE and changed identity columns covers every write a raw session can make
    // (short of disabling the triggers, which needs the table's owner: see the threat model in
    // docs/deploy.md).
    version: 5,
    name: "refuse-bypasses",
    sql: changedGuards(5),
  },
  RESOLUTION_COUNTS_BOUNDED,
  {
    // Version 7 as in SQLite: organisations, prefixes and identifiers, never deleted or rewritten;
    // a prefix change is announced on the namespace channel (resolution caches prefixes with their
    // namespace). An existing database upgrades in place the same way.
    version: 7,
    name: "organisations-and-prefixes",
    sql: `
CREATE TABLE organisations (
  id text COLLATE "C" PRIMARY KEY,
  name text NOT NULL,
  contact text,
  active boolean NOT NULL DEFAULT true,
  created text NOT NULL,
  updated text NOT NULL
);

${tableGuards(7, "organisations")}

CREATE TABLE prefixes (
  prefix text COLLATE "C" PRIMARY KEY,
  nid text COLLATE "C" NOT NULL REFERENCES namespaces(nid),
  organisation text COLLATE "C" NOT NULL REFERENCES organisations(id),
  naming text,
  urls text NOT NULL DEFAULT '[]',
  modes text NOT NULL DEFAULT '["resolver","reservation","registrar"]',
  width integer NOT NULL DEFAULT 6 CHECK (width BETWEEN 1 AND 30),
  check_scheme text NOT NULL DEFAULT 'none' CHECK (check_scheme IN ('none', 'mod11-2', 'nbn')),
  next bigint NOT NULL DEFAULT 1 CHECK (next >= 1),
  delegate text,
  mirrors boolean NOT NULL DEFAULT false,
  created text NOT NULL,
  updated text NOT NULL
);
CREATE INDEX prefixes_by_nid ON prefixes (nid);
CREATE INDEX prefixes_by_organisation ON prefixes (organisation);

${tableGuards(7, "prefixes")}

-- Not on a sequence-only change: minting must not drop every process's cached namespace.
CREATE TRIGGER prefixes_changed
AFTER INSERT OR UPDATE OF naming, urls, modes, width, check_scheme, delegate, mirrors
ON prefixes FOR EACH ROW EXECUTE FUNCTION namespaces_notify();

CREATE TABLE record_identifiers (
  organisation text COLLATE "C" NOT NULL REFERENCES organisations(id),
  type text COLLATE "C" NOT NULL,
  value text COLLATE "C" NOT NULL,
  record_id bigint NOT NULL REFERENCES records(id),
  created text NOT NULL,
  PRIMARY KEY (organisation, type, value)
);
CREATE INDEX record_identifiers_by_record ON record_identifiers (record_id);

${tableGuards(7, "record_identifiers")}

ALTER TABLE records ADD COLUMN organisation text COLLATE "C" REFERENCES organisations(id);
ALTER TABLE records ADD COLUMN prefix text COLLATE "C";
CREATE INDEX records_by_organisation ON records (organisation, id);
ALTER TABLE locators ADD COLUMN owner text COLLATE "C" REFERENCES organisations(id);
ALTER TABLE tokens ADD COLUMN organisation text COLLATE "C" REFERENCES organisations(id);

${changedGuards(7, "records", "locators", "tokens")}

INSERT INTO organisations (id, name, contact, active, created, updated)
SELECT 'local-registry', 'This registry', NULL, true,
  to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
WHERE EXISTS (SELECT 1 FROM namespaces WHERE mint IS NOT NULL);

INSERT INTO prefixes (prefix, nid, organisation, width, check_scheme, next, created, updated)
SELECT 'urn:' || nid || ':' || (mint::json ->> 'prefix'), nid, 'local-registry',
  (mint::json ->> 'width')::integer, coalesce(mint::json ->> 'check', 'none'), mint_next,
  to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
FROM namespaces WHERE mint IS NOT NULL;
`,
  },
  {
    // Search (GET /api/v1/urns, /uri-res/L2Ns). A locator's lookup key (locator-url-key.ts, the
    // same rule in SQL) is a generated column: PostgreSQL computes it on every insert, import
    // included, fills it for the locators already stored, and nobody can write it. Full text over
    // the URN and the string values of its metadata is an expression index, kept in step with
    // every write by PostgreSQL itself. Words are runs of letters and digits, lowercased, as
    // SQLite's FTS5 unicode61 tokenizer splits them, so both engines find the same records.
    version: 8,
    name: "search",
    sql: `
${URL_KEY_FUNCTION}

ALTER TABLE locators ADD COLUMN url_key text COLLATE "C"
  GENERATED ALWAYS AS (urnkit_url_key(url)) STORED;
CREATE INDEX locators_by_url_key ON locators (url_key, record_id);

-- One function, calling only built-ins: a restore (search_path empty) rebuilds the index with it.
CREATE FUNCTION urnkit_search_vector(urn text, metadata text) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector('simple', regexp_replace(
    urn || ' ' || coalesce((SELECT string_agg(v #>> '{}', ' ')
      FROM jsonb_path_query(metadata::jsonb, 'strict $.**') AS v
      WHERE jsonb_typeof(v) = 'string'), ''),
    '[^[:alnum:]]+', ' ', 'g'))
$$;
CREATE INDEX records_search ON records USING gin (urnkit_search_vector(urn, metadata));
`,
  },
  {
    // Version 9 as in SQLite: datestamp order for the OAI-PMH provider. "updated" compares in
    // byte order ("C", as the keys), so ISO 8601 text sorts as time whatever the database's locale.
    version: 9,
    name: "oai-datestamp-order",
    sql: `
ALTER TABLE records ALTER COLUMN updated TYPE text COLLATE "C";
CREATE INDEX records_by_updated ON records (updated, id);
CREATE INDEX records_by_nid_updated ON records (nid, updated, id);
CREATE INDEX records_by_organisation_updated ON records (organisation, updated, id);
`,
  },
  {
    // Version 10 as in SQLite: harvest sources, runs and refusals, held the same way.
    version: 10,
    name: "harvest",
    sql: `
CREATE TABLE harvest_sources (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  url text COLLATE "C" NOT NULL,
  set_spec text COLLATE "C" NOT NULL DEFAULT '',
  metadata_prefix text COLLATE "C" NOT NULL,
  organisation text COLLATE "C" NOT NULL REFERENCES organisations(id),
  granularity text,
  last_response_date text,
  pending_token text,
  pending_from text,
  pending_response_date text,
  lease_run bigint,
  lease_until text,
  created text NOT NULL,
  updated text NOT NULL,
  UNIQUE (url, set_spec, metadata_prefix)
);

${tableGuards(10, "harvest_sources")}

CREATE TABLE harvest_runs (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source_id bigint NOT NULL REFERENCES harvest_sources(id),
  started text NOT NULL,
  finished text,
  outcome text NOT NULL DEFAULT 'running'
    CHECK (outcome IN ('running', 'completed', 'failed', 'interrupted')),
  request_from text,
  resumed boolean NOT NULL DEFAULT false,
  pages bigint NOT NULL DEFAULT 0,
  records bigint NOT NULL DEFAULT 0,
  records_created bigint NOT NULL DEFAULT 0,
  records_updated bigint NOT NULL DEFAULT 0,
  records_unchanged bigint NOT NULL DEFAULT 0,
  records_deleted bigint NOT NULL DEFAULT 0,
  records_refused bigint NOT NULL DEFAULT 0,
  error text
);
CREATE INDEX harvest_runs_by_source ON harvest_runs (source_id, id);

${tableGuards(10, "harvest_runs")}

CREATE TABLE harvest_refusals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id bigint NOT NULL REFERENCES harvest_runs(id),
  oai_identifier text NOT NULL,
  urn text,
  code text NOT NULL,
  reason text NOT NULL,
  at text NOT NULL
);
CREATE INDEX harvest_refusals_by_run ON harvest_refusals (run_id, id);

${tableGuards(10, "harvest_refusals")}
`,
  },
  {
    // Link checking: as SQLite's version 11 (link health, the last 10 checks kept and never
    // changed, the ranking mark in the locators' own row).
    version: 11,
    name: "link-health",
    sql: `
ALTER TABLE locators ADD COLUMN link_failing boolean NOT NULL DEFAULT false;

CREATE TABLE link_health (
  locator_id bigint PRIMARY KEY REFERENCES locators(id),
  checked text,
  outcome text,
  status integer,
  final_url text,
  latency_ms integer NOT NULL DEFAULT 0,
  message text,
  failures integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  demoted boolean NOT NULL DEFAULT false,
  not_before text
);
CREATE INDEX link_health_by_outcome ON link_health (outcome, demoted);

CREATE TABLE link_checks (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  locator_id bigint NOT NULL REFERENCES locators(id),
  checked text NOT NULL,
  outcome text NOT NULL,
  status integer,
  final_url text,
  latency_ms integer NOT NULL,
  message text
);
CREATE INDEX link_checks_by_locator ON link_checks (locator_id, id);

${tableGuards(11, "link_checks")}
`,
  },
  {
    // Version 12 as in SQLite: statistics that only grow (no DELETE, TRUNCATE, changed key or
    // lowered count); writes add with ON CONFLICT. Assignments are counted by statement triggers
    // on records (assignment-counting.ts).
    version: 12,
    name: "statistics",
    sql: `
CREATE TABLE stat_resolutions (
  day text COLLATE "C" NOT NULL,
  nid text COLLATE "C" NOT NULL,
  prefix text COLLATE "C" NOT NULL,
  organisation text COLLATE "C" NOT NULL,
  outcome text COLLATE "C" NOT NULL
    CHECK (outcome IN ('redirect', 'uri-list', 'metadata', 'not-found', 'gone', 'delegated')),
  bot boolean NOT NULL,
  count bigint NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, nid, prefix, organisation, outcome, bot)
);

CREATE TABLE stat_resolution_urns (
  day text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  nid text COLLATE "C" NOT NULL,
  prefix text COLLATE "C" NOT NULL,
  organisation text COLLATE "C" NOT NULL,
  count bigint NOT NULL CHECK (count >= 0),
  bots bigint NOT NULL CHECK (bots >= 0),
  PRIMARY KEY (day, key)
);

CREATE TABLE stat_assignments (
  day text COLLATE "C" NOT NULL,
  nid text COLLATE "C" NOT NULL,
  prefix text COLLATE "C" NOT NULL,
  organisation text COLLATE "C" NOT NULL,
  event text COLLATE "C" NOT NULL CHECK (event IN ('registered', 'activated', 'deactivated')),
  count bigint NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, nid, prefix, organisation, event)
);

${tableGuards(12, "stat_resolutions", "stat_resolution_urns", "stat_assignments")}

${countingTriggers()}
`,
  },
  {
    // Version 13 as in SQLite: per-URN resolutions appended to a log and rolled up later. A log
    // row is never changed or truncated, and is removed only once its rollup row has taken it in
    // (logged_to, the last log id added to the row, only grows).
    version: 13,
    name: "statistics-urn-log",
    sql: `
CREATE TABLE stat_resolution_urn_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day text COLLATE "C" NOT NULL,
  key text COLLATE "C" NOT NULL,
  nid text COLLATE "C" NOT NULL,
  prefix text COLLATE "C" NOT NULL,
  organisation text COLLATE "C" NOT NULL,
  count bigint NOT NULL CHECK (count >= 0),
  bots bigint NOT NULL CHECK (bots >= 0)
);

ALTER TABLE stat_resolution_urns ADD COLUMN logged_to bigint NOT NULL DEFAULT 0;
${changedGuards(13, "stat_resolution_urns")}

${tableGuards(13, "stat_resolution_urn_log")}
`,
  },
  {
    // Version 14: the full-text index's function in PL/pgSQL. As an SQL function with a subquery
    // it could not be inlined, and every call planned its body again: about 50 µs of every
    // record insert (the import's COPY, a harvest, the API) went to planning. PL/pgSQL keeps its
    // plans for the session, and a record without metadata skips the metadata walk. The words,
    // and so the index's contents, stay what version 8 computed (test/pg-search-vector.test.ts
    // compares the two), so the index is not rebuilt. Only built-ins, as before, for a restore.
    version: 14,
    name: "search-vector-plpgsql",
    sql: `
${SEARCH_VECTOR_FUNCTION_PLPGSQL}
`,
  },
  {
    // Version 15 as in SQLite: records by status, the link lease and the due locators' indexes.
    version: 15,
    name: "records-by-status-link-lease-due-locators",
    sql: `
CREATE INDEX records_by_status ON records (status, id);
ALTER TABLE locators ADD COLUMN link_checked boolean NOT NULL DEFAULT false;
-- A deactivated record keeps its locators as they were; they are not checked again either.
UPDATE locators l SET link_checked = true
WHERE EXISTS (SELECT 1 FROM link_health h WHERE h.locator_id = l.id)
  AND (SELECT status FROM records r WHERE r.id = l.record_id) <> 'deactivated';
CREATE INDEX locators_unchecked ON locators (id) WHERE active AND NOT link_checked;
CREATE INDEX link_health_by_checked ON link_health (checked, locator_id);
CREATE TABLE link_lease (
  id integer PRIMARY KEY CHECK (id = 1),
  holder text NOT NULL,
  until text COLLATE "C" NOT NULL
);
`,
  },
  {
    // Version 16: the locators' url_key function without regexp_match arrays and with fewer
    // steps: in version 8's form it took about 20–40 µs a URL, the larger part of every locator
    // insert (a harvest or an import writes thousands at a time). The keys stay what version 8
    // computed, the same rule as locator-url-key.ts (test/locator-url-key.test.ts compares
    // both versions with it), so the generated column and its index are not rebuilt. No SQLite
    // migration: SQLite's keys are computed in JavaScript.
    version: 16,
    name: "url-key-faster",
    sql: `
${URL_KEY_FUNCTION_FASTER}
`,
  },
  {
    // Version 17 as in SQLite: the URN log in chunks of up to 250 URNs of one day, as a JSON
    // array of [record id, nid, prefix, organisation, count, bots]; version 13's rows folded into the
    // rollup first, and the new log's ids going on after every id the rollup has recorded. A
    // chunk is never changed or truncated, and is removed only once the rollup row of each of its
    // URNs has taken it in.
    version: 17,
    name: "statistics-urn-log-chunks",
    sql: `
INSERT INTO stat_resolution_urns AS s
  (day, key, nid, prefix, organisation, count, bots, logged_to)
SELECT day, key, max(nid), max(prefix), max(organisation), sum(count), sum(bots),
  (SELECT max(id) FROM stat_resolution_urn_log)
FROM stat_resolution_urn_log GROUP BY 1, 2 ORDER BY 1, 2
ON CONFLICT (day, key)
DO UPDATE SET count = s.count + excluded.count, bots = s.bots + excluded.bots,
  logged_to = greatest(s.logged_to, excluded.logged_to);
DROP TABLE stat_resolution_urn_log;

CREATE TABLE stat_resolution_urn_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  day text COLLATE "C" NOT NULL,
  urns jsonb NOT NULL
);
SELECT setval(pg_get_serial_sequence('stat_resolution_urn_log', 'id'),
  (SELECT coalesce(max(logged_to), 0) + 1 FROM stat_resolution_urns), false);

${tableGuards(17, "stat_resolution_urn_log")}
`,
  },
  {
    // A prefix's URL policy for mirrors (other organisations' locators on its URNs): URL prefixes
    // or host names they may use, as `urls` is for the owner's; [] lets mirrors use any.
    version: 18,
    name: "prefix-mirror-url-policy",
    sql: "ALTER TABLE prefixes ADD COLUMN mirror_urls text NOT NULL DEFAULT '[]';",
  },
  {
    // Version 19 as in SQLite: the import of a whole registry's export carries its assignment
    // counts, so its transactions (SET LOCAL urnkit.restoring = 'on', which no other session
    // sees) are not counted again; the triggers' condition is checked once a statement. And
    // where a \`urnkit copy\` into this database got.
    version: 19,
    name: "restore-mark-copy-checkpoint",
    sql: `
CREATE TABLE copy_checkpoint (
  id integer PRIMARY KEY CHECK (id = 1),
  source text NOT NULL,
  header text NOT NULL,
  line bigint NOT NULL CHECK (line >= 0),
  started text NOT NULL,
  finished text
);

${countingTriggersSkippingRestores()}
`,
  },
  {
    // How a write came in when it was not urnkit's own API, UI or command line ("dnb": the DNB
    // URN-Service API v2); NULL otherwise, and for every row written before.
    version: 20,
    name: "audit-channel",
    sql: "ALTER TABLE audit ADD COLUMN channel text CHECK (channel IS NULL OR channel IN ('dnb'));",
  },
  {
    // Resolution's lookup (RESOLVE_SQL in records.ts) answered from the two unique indexes alone,
    // an index-only scan that reads no table page: the record's key index carries the columns
    // the answer needs, the locators' (record, URL) index those the ranking needs. At 50M records
    // the lookup then needs 11 GB of index pages in memory instead of 22 GB of indexes and
    // tables. The constraints keep their names and what they refuse. No SQLite migration: a
    // SQLite row sits in its table's B-tree, one probe away from the key index.
    version: 21,
    name: "lookup-covering-indexes",
    sql: `
ALTER TABLE records DROP CONSTRAINT records_key_key,
  ADD CONSTRAINT records_key_key UNIQUE (key)
    INCLUDE (urn, status, reason, deactivated, organisation, id);
ALTER TABLE locators DROP CONSTRAINT locators_record_id_url_key,
  ADD CONSTRAINT locators_record_id_url_key UNIQUE (record_id, url)
    INCLUDE (active, link_failing, owner, priority, created, id);
`,
  },
  {
    // Version 22: the full-text function without a query inside it. Version 14's ran one for the
    // metadata's string values (jsonb_path_query with string_agg), and the executor started and
    // ended it on every record written: about 4 µs of each. Now one expression: the string values
    // as a JSON array's text, whose escapes (\", \\, \n, \u0001, ...) are blanked first, so
    // that the letter of an escape never joins a word. The words and their order stay version
    // 8's (test/storage/pg-search-vector.test.ts), so the index is not rebuilt.
    version: 22,
    name: "search-vector-one-expression",
    sql: `
${SEARCH_VECTOR_FUNCTION_ONE_EXPRESSION}
`,
  },
  {
    // Version 23: the locators' url_key function returns a URL already in its key's form at once
    // (url-key-function.ts): 0.9 µs a URL instead of 5 for the usual locator. The keys stay what
    // versions 8 and 16 computed (test/storage/locator-url-key.test.ts), so the generated column
    // and its index are not rebuilt. No SQLite migration: SQLite's keys are computed in JavaScript.
    version: 23,
    name: "url-key-fast-path",
    sql: `
${URL_KEY_FUNCTION_FAST_PATH}
`,
  },
];
