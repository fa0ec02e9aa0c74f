// Versioned SQLite schema. "Never reassigned, never deleted" (RFC 8141 §1.1 persistence) is held
// by the database itself: a UNIQUE equivalence key, triggers refusing DELETE, a changed key and a
// status moving backwards, and (version 5) every way around them that SQLite offers: REPLACE and
// UPSERT delete or rewrite a row without firing delete triggers, and the sqlite3 shell runs with
// foreign keys off, so the guards are triggers that hold whatever the connection's pragmas. The
// guards are stated once, in storage/guard-rules.ts; a step writes a table's triggers from them
// (guards.ts) where it creates the table or a version changes its guards.

import { AUDIT_BY_TARGET, type Migration, RESOLUTION_COUNTS_BOUNDED } from "../migration.js";
import { countingTriggers, countingTriggersSkippingRestores } from "./assignment-counting.js";
import { changedGuards, tableGuards, withGuardLifted } from "./guards.js";

export const migrations: readonly Migration[] = [
  {
    version: 1,
    name: "registry",
    sql: `
CREATE TABLE namespaces (
  nid TEXT PRIMARY KEY,
  template_revision INTEGER NOT NULL DEFAULT 0,
  mint TEXT,
  mint_next INTEGER NOT NULL DEFAULT 1,
  redirect_status INTEGER NOT NULL DEFAULT 303 CHECK (redirect_status IN (302, 303, 307)),
  max_age INTEGER NOT NULL DEFAULT 300 CHECK (max_age >= 0),
  delegate TEXT NOT NULL DEFAULT '[]',
  local INTEGER NOT NULL DEFAULT 0,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);

CREATE TABLE namespace_templates (
  nid TEXT NOT NULL REFERENCES namespaces(nid),
  revision INTEGER NOT NULL,
  template TEXT,
  created TEXT NOT NULL,
  PRIMARY KEY (nid, revision)
);

CREATE TABLE records (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  urn TEXT NOT NULL,
  nid TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('reserved', 'active', 'deactivated')),
  metadata TEXT CHECK (metadata IS NULL OR length(CAST(metadata AS BLOB)) <= 65536),
  reason TEXT,
  deactivated TEXT,
  created TEXT NOT NULL,
  updated TEXT NOT NULL
);

${tableGuards(1, "records")}

CREATE TABLE locators (
  id INTEGER PRIMARY KEY,
  record_id INTEGER NOT NULL REFERENCES records(id),
  url TEXT NOT NULL,
  priority INTEGER NOT NULL DEFAULT 0,
  media_type TEXT,
  active INTEGER NOT NULL DEFAULT 1,
  created TEXT NOT NULL,
  UNIQUE (record_id, url)
);

CREATE TABLE successors (
  record_id INTEGER NOT NULL REFERENCES records(id),
  successor_urn TEXT NOT NULL,
  successor_key TEXT NOT NULL,
  created TEXT NOT NULL,
  PRIMARY KEY (record_id, successor_key)
) WITHOUT ROWID;
CREATE INDEX successors_by_key ON successors (successor_key);

CREATE TABLE tokens (
  id INTEGER PRIMARY KEY,
  hash TEXT NOT NULL UNIQUE,
  role TEXT NOT NULL CHECK (role IN ('admin', 'registrar', 'reader')),
  namespace TEXT,
  label TEXT,
  created TEXT NOT NULL
);

CREATE TABLE audit (
  id INTEGER PRIMARY KEY,
  token_id INTEGER REFERENCES tokens(id),
  action TEXT NOT NULL,
  target TEXT NOT NULL,
  before TEXT,
  after TEXT,
  at TEXT NOT NULL
);

${tableGuards(1, "audit")}

CREATE TABLE resolution_counts (
  nid TEXT NOT NULL,
  day TEXT NOT NULL,
  count INTEGER NOT NULL,
  PRIMARY KEY (nid, day)
) WITHOUT ROWID;
`,
  },
  {
    version: 2,
    name: "sessions",
    sql: `
ALTER TABLE tokens ADD COLUMN revoked TEXT;

CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  token_id INTEGER NOT NULL REFERENCES tokens(id),
  csrf TEXT NOT NULL,
  flash TEXT,
  created TEXT NOT NULL,
  expires TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX sessions_by_token ON sessions (token_id);
CREATE INDEX sessions_by_expiry ON sessions (expires);
`,
  },
  AUDIT_BY_TARGET,
  {
    // Resolution picks a record's best locator and latest successor. Without these the two ORDER
    // BYs sort through a temporary B-tree on every lookup, several times the cost of the lookup.
    version: 4,
    name: "resolution-order",
    sql: `
CREATE INDEX locators_by_rank ON locators (record_id, active, priority DESC, created, id);
CREATE INDEX successors_by_age ON successors (record_id, created DESC);
`,
  },
  {
    // Assignments and their history are never replaced, deleted or rewritten. SQLite's REPLACE
    // (INSERT OR REPLACE, REPLACE INTO, UPDATE OR REPLACE) removes the conflicting row without
    // firing its DELETE triggers (unless recursive_triggers is on, which a raw connection does not
    // set), so each such table refuses an INSERT whose key or row id is taken, before the conflict
    // is resolved; an UPSERT on a taken key is refused the same way. Row ids and identity columns
    // never change, so UPDATE OR REPLACE cannot move one row onto another. Rows that hang off a
    // record need the record, whatever PRAGMA foreign_keys says. A deactivated record (a tombstone)
    // keeps its metadata and locators as they were.
    version: 5,
    name: "refuse-bypasses",
    sql: changedGuards(5),
  },
  RESOLUTION_COUNTS_BOUNDED,
  {
    // Organisations own prefixes (sub-namespaces), records, locators and tokens. Held like the
    // rest: organisations and prefixes are never deleted or replaced, a prefix keeps its name, NID
    // and owner and its sequence never goes back, an identifier is never moved or deleted, and a
    // record's owner, a locator's owner and a token's organisation never change. An existing
    // database upgrades in place: each namespace's minting policy becomes a prefix of the
    // organisation "local-registry" (created here when needed), its sequence continuing where the
    // namespace's stood.
    version: 7,
    name: "organisations-and-prefixes",
    sql: `
CREATE TABLE organisations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  contact TEXT,
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created TEXT NOT NULL,
  updated TEXT NOT NULL
) WITHOUT ROWID;

${tableGuards(7, "organisations")}

CREATE TABLE prefixes (
  prefix TEXT PRIMARY KEY,
  nid TEXT NOT NULL REFERENCES namespaces(nid),
  organisation TEXT NOT NULL REFERENCES organisations(id),
  naming TEXT,
  urls TEXT NOT NULL DEFAULT '[]',
  modes TEXT NOT NULL DEFAULT '["resolver","reservation","registrar"]',
  width INTEGER NOT NULL DEFAULT 6 CHECK (width BETWEEN 1 AND 30),
  check_scheme TEXT NOT NULL DEFAULT 'none' CHECK (check_scheme IN ('none', 'mod11-2', 'nbn')),
  next INTEGER NOT NULL DEFAULT 1 CHECK (next >= 1),
  delegate TEXT,
  mirrors INTEGER NOT NULL DEFAULT 0 CHECK (mirrors IN (0, 1)),
  created TEXT NOT NULL,
  updated TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX prefixes_by_nid ON prefixes (nid);
CREATE INDEX prefixes_by_organisation ON prefixes (organisation);

${tableGuards(7, "prefixes")}

CREATE TABLE record_identifiers (
  organisation TEXT NOT NULL REFERENCES organisations(id),
  type TEXT NOT NULL,
  value TEXT NOT NULL,
  record_id INTEGER NOT NULL REFERENCES records(id),
  created TEXT NOT NULL,
  PRIMARY KEY (organisation, type, value)
) WITHOUT ROWID;
CREATE INDEX record_identifiers_by_record ON record_identifiers (record_id);

${tableGuards(7, "record_identifiers")}

ALTER TABLE records ADD COLUMN organisation TEXT REFERENCES organisations(id);
ALTER TABLE records ADD COLUMN prefix TEXT;
CREATE INDEX records_by_organisation ON records (organisation, id);
ALTER TABLE locators ADD COLUMN owner TEXT REFERENCES organisations(id);
ALTER TABLE tokens ADD COLUMN organisation TEXT REFERENCES organisations(id);

${changedGuards(7, "records", "locators", "tokens")}

INSERT INTO organisations (id, name, contact, active, created, updated)
SELECT 'local-registry', 'This registry', NULL, 1,
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE EXISTS (SELECT 1 FROM namespaces WHERE mint IS NOT NULL);

INSERT INTO prefixes (prefix, nid, organisation, width, check_scheme, next, created, updated)
SELECT 'urn:' || nid || ':' || json_extract(mint, '$.prefix'), nid, 'local-registry',
  json_extract(mint, '$.width'), coalesce(json_extract(mint, '$.check'), 'none'), mint_next,
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
FROM namespaces WHERE mint IS NOT NULL;
`,
  },
  {
    // Search (GET /api/v1/urns, /uri-res/L2Ns). A locator's lookup key (locator-url-key.ts) is
    // written with the locator and, like its URL, never changed afterwards; the locators stored
    // before are given theirs here through the function the store registers on its connection
    // (urnkit_url_key), with the tombstone guard lifted for that one statement. Full text over the
    // URN and the string values of its metadata is an FTS5 index kept in step by triggers on
    // records (insert, import, and any change of metadata); words are runs of letters and digits,
    // lowercased, accents kept, as PostgreSQL's index splits them.
    version: 8,
    name: "search",
    sql: `
ALTER TABLE locators ADD COLUMN url_key TEXT;
${withGuardLifted(8, "locators_tombstone_frozen", "UPDATE locators SET url_key = urnkit_url_key(url);")}
CREATE INDEX locators_by_url_key ON locators (url_key, record_id);

${changedGuards(8, "locators")}

-- Contentless (the text is in records), and without positions (detail = none) or lengths
-- (columnsize = 0): search asks only which records hold every word, never phrases or ranks, and
-- each left out makes every insert cheaper.
CREATE VIRTUAL TABLE records_search USING fts5 (
  urn, body, content = '', detail = none, columnsize = 0,
  tokenize = 'unicode61 remove_diacritics 0'
);
INSERT INTO records_search (rowid, urn, body)
SELECT id, urn, (SELECT group_concat(value, ' ') FROM json_tree(metadata) WHERE type = 'text')
FROM records;

CREATE TRIGGER records_search_insert AFTER INSERT ON records
BEGIN
  INSERT INTO records_search (rowid, urn, body) VALUES (NEW.id, NEW.urn,
    (SELECT group_concat(value, ' ') FROM json_tree(NEW.metadata) WHERE type = 'text'));
END;

-- A contentless index forgets a row by being given the words it indexed for it.
CREATE TRIGGER records_search_update AFTER UPDATE OF metadata ON records
WHEN NEW.metadata IS NOT OLD.metadata
BEGIN
  INSERT INTO records_search (records_search, rowid, urn, body) VALUES ('delete', OLD.id, OLD.urn,
    (SELECT group_concat(value, ' ') FROM json_tree(OLD.metadata) WHERE type = 'text'));
  INSERT INTO records_search (rowid, urn, body) VALUES (NEW.id, NEW.urn,
    (SELECT group_concat(value, ' ') FROM json_tree(NEW.metadata) WHERE type = 'text'));
END;
`,
  },
  {
    // The OAI-PMH provider lists records in datestamp order (last change, then id), whole or by
    // namespace or organisation, and pages on from the last (updated, id) it gave out.
    version: 9,
    name: "oai-datestamp-order",
    sql: `
CREATE INDEX records_by_updated ON records (updated, id);
CREATE INDEX records_by_nid_updated ON records (nid, updated, id);
CREATE INDEX records_by_organisation_updated ON records (organisation, updated, id);
`,
  },
  {
    // OAI-PMH harvesting: a source per base URL, set and metadata format, owned by the
    // organisation it harvests for; its runs and the records each run refused. A source is never
    // deleted or moved to another URL, set, format or organisation; a run's row changes only while
    // it runs (its counts only grow) and is frozen once it ends; refusals are append-only.
    version: 10,
    name: "harvest",
    sql: `
CREATE TABLE harvest_sources (
  id INTEGER PRIMARY KEY,
  url TEXT NOT NULL,
  set_spec TEXT NOT NULL DEFAULT '',
  metadata_prefix TEXT NOT NULL,
  organisation TEXT NOT NULL REFERENCES organisations(id),
  granularity TEXT,
  last_response_date TEXT,
  pending_token TEXT,
  pending_from TEXT,
  pending_response_date TEXT,
  lease_run INTEGER,
  lease_until TEXT,
  created TEXT NOT NULL,
  updated TEXT NOT NULL,
  UNIQUE (url, set_spec, metadata_prefix)
);

${tableGuards(10, "harvest_sources")}

CREATE TABLE harvest_runs (
  id INTEGER PRIMARY KEY,
  source_id INTEGER NOT NULL REFERENCES harvest_sources(id),
  started TEXT NOT NULL,
  finished TEXT,
  outcome TEXT NOT NULL DEFAULT 'running'
    CHECK (outcome IN ('running', 'completed', 'failed', 'interrupted')),
  request_from TEXT,
  resumed INTEGER NOT NULL DEFAULT 0,
  pages INTEGER NOT NULL DEFAULT 0,
  records INTEGER NOT NULL DEFAULT 0,
  records_created INTEGER NOT NULL DEFAULT 0,
  records_updated INTEGER NOT NULL DEFAULT 0,
  records_unchanged INTEGER NOT NULL DEFAULT 0,
  records_deleted INTEGER NOT NULL DEFAULT 0,
  records_refused INTEGER NOT NULL DEFAULT 0,
  error TEXT
);
CREATE INDEX harvest_runs_by_source ON harvest_runs (source_id, id);

${tableGuards(10, "harvest_runs")}

CREATE TABLE harvest_refusals (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES harvest_runs(id),
  oai_identifier TEXT NOT NULL,
  urn TEXT,
  code TEXT NOT NULL,
  reason TEXT NOT NULL,
  at TEXT NOT NULL
);
CREATE INDEX harvest_refusals_by_run ON harvest_refusals (run_id, id);

${tableGuards(10, "harvest_refusals")}
`,
  },
  {
    // Link checking (links/checker.ts): each checked locator's health, a history of its last 10
    // checks (an older check may be dropped, none of the last 10, and none is ever changed), and
    // a mark on the locator, set after failures in a row, that resolution ranks it last by: in
    // the rank index, so the best locator is still read without a sort.
    version: 11,
    name: "link-health",
    sql: `
ALTER TABLE locators ADD COLUMN link_failing INTEGER NOT NULL DEFAULT 0
  CHECK (link_failing IN (0, 1));
DROP INDEX locators_by_rank;
CREATE INDEX locators_by_rank
  ON locators (record_id, active, link_failing, priority DESC, created, id);

CREATE TABLE link_health (
  locator_id INTEGER PRIMARY KEY REFERENCES locators(id),
  checked TEXT,
  outcome TEXT,
  status INTEGER,
  final_url TEXT,
  latency_ms INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  failures INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  demoted INTEGER NOT NULL DEFAULT 0 CHECK (demoted IN (0, 1)),
  not_before TEXT
);
CREATE INDEX link_health_by_outcome ON link_health (outcome, demoted);

CREATE TABLE link_checks (
  id INTEGER PRIMARY KEY,
  locator_id INTEGER NOT NULL REFERENCES locators(id),
  checked TEXT NOT NULL,
  outcome TEXT NOT NULL,
  status INTEGER,
  final_url TEXT,
  latency_ms INTEGER NOT NULL,
  message TEXT
);
CREATE INDEX link_checks_by_locator ON link_checks (locator_id, id);

${tableGuards(11, "link_checks")}
`,
  },
  {
    // Statistics (resolutions and assignments per day by namespace, prefix and organisation; per
    // URN for registered URNs): rollups that only grow. A count is only ever raised: rows are
    // never deleted, their keys never change, and an INSERT of an existing key (REPLACE, UPSERT)
    // is ignored rather than resetting it, which is also how the writes below create a row:
    // insert it with 0 (skipped when it exists), then add. Assignments are counted by triggers
    // on records, so every write path (API, web UI, import, mint, reservations) counts alike.
    version: 12,
    name: "statistics",
    sql: `
CREATE TABLE stat_resolutions (
  day TEXT NOT NULL,
  nid TEXT NOT NULL,
  prefix TEXT NOT NULL,
  organisation TEXT NOT NULL,
  outcome TEXT NOT NULL
    CHECK (outcome IN ('redirect', 'uri-list', 'metadata', 'not-found', 'gone', 'delegated')),
  bot INTEGER NOT NULL CHECK (bot IN (0, 1)),
  count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, nid, prefix, organisation, outcome, bot)
) WITHOUT ROWID;

CREATE TABLE stat_resolution_urns (
  day TEXT NOT NULL,
  key TEXT NOT NULL,
  nid TEXT NOT NULL,
  prefix TEXT NOT NULL,
  organisation TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 0),
  bots INTEGER NOT NULL CHECK (bots >= 0),
  PRIMARY KEY (day, key)
) WITHOUT ROWID;

CREATE TABLE stat_assignments (
  day TEXT NOT NULL,
  nid TEXT NOT NULL,
  prefix TEXT NOT NULL,
  organisation TEXT NOT NULL,
  event TEXT NOT NULL CHECK (event IN ('registered', 'activated', 'deactivated')),
  count INTEGER NOT NULL CHECK (count >= 0),
  PRIMARY KEY (day, nid, prefix, organisation, event)
) WITHOUT ROWID;

${tableGuards(12, "stat_resolutions", "stat_resolution_urns", "stat_assignments")}

-- Assignments, counted by triggers on records (assignment-counting.ts).
${countingTriggers()}
`,
  },
  {
    // Resolutions per URN are first appended to a log, one row per URN and flush, and rolled up
    // into stat_resolution_urns (one row a URN and day) later: when their day has ended, or when
    // the log has grown past its bound. Appending costs a fraction of adding to a row somewhere in
    // today's part of the rollup, which on a busy resolver rewrote most of its pages every flush.
    // Reads take the rollup and the log together. A log row is never changed, and it may only be
    // removed once its rollup row has taken it in: a roll-up adds the log's first rows to their
    // rollup rows and marks each with the last log id added (logged_to, which only grows). Log
    // ids are never used twice (AUTOINCREMENT), also once the log has been emptied.
    version: 13,
    name: "statistics-urn-log",
    sql: `
CREATE TABLE stat_resolution_urn_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  day TEXT NOT NULL,
  key TEXT NOT NULL,
  nid TEXT NOT NULL,
  prefix TEXT NOT NULL,
  organisation TEXT NOT NULL,
  count INTEGER NOT NULL CHECK (count >= 0),
  bots INTEGER NOT NULL CHECK (bots >= 0)
);

ALTER TABLE stat_resolution_urns ADD COLUMN logged_to INTEGER NOT NULL DEFAULT 0;
${changedGuards(13, "stat_resolution_urns")}

${tableGuards(13, "stat_resolution_urn_log")}
`,
  },
  {
    // GET /api/v1/urns?status= alone pages in id order: one range of records_by_status, where the
    // primary key's order would walk every record of the other statuses between two matches.
    // link_lease: the one row saying which server process checks links (storage/link-lease.ts);
    // not history: it is taken, renewed and given up. The due locators (storage/links.ts) are
    // read from two indexes instead of a scan of every locator: locators never checked from
    // locators_unchecked (link_checked is set with a locator's first check or deferral), those
    // checked before a time from link_health_by_checked.
    version: 15,
    name: "records-by-status-link-lease-due-locators",
    sql: `
CREATE INDEX records_by_status ON records (status, id);
ALTER TABLE locators ADD COLUMN link_checked INTEGER NOT NULL DEFAULT 0
  CHECK (link_checked IN (0, 1));
-- A deactivated record keeps its locators as they were; they are not checked again either.
UPDATE locators SET link_checked = 1
WHERE id IN (SELECT locator_id FROM link_health)
  AND (SELECT status FROM records WHERE id = locators.record_id) <> 'deactivated';
CREATE INDEX locators_unchecked ON locators (id) WHERE active = 1 AND link_checked = 0;
CREATE INDEX link_health_by_checked ON link_health (checked, locator_id);
CREATE TABLE link_lease (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  holder TEXT NOT NULL,
  until TEXT NOT NULL
);
`,
  },
  {
    // The URN log in chunks (stats-log.ts): one row a chunk of up to 250 URNs of one day, their
    // counts as a JSON array of [record id, nid, prefix, organisation, count, bots], instead of
    // one row a URN; a URN's key is read from its record (never removed, its key never changed).
    // A flush's rows cost the resolver most of what counting cost it; a chunk is one bind and one
    // insert. The guards stay what they were, per entry: a chunk is never changed, and is
    // removed only once the rollup row of each of its URNs has taken it in (logged_to). The rows
    // of version 13's log are folded into the rollup here (an UPDATE, then an INSERT the rollup's
    // own guard skips for the rows just updated), and the new log's ids go on after every id the
    // rollup has recorded, so that no chunk's id is one a rollup row already counts as taken in.
    version: 17,
    name: "statistics-urn-log-chunks",
    sql: `
UPDATE stat_resolution_urns AS u
SET count = u.count + l.count, bots = u.bots + l.bots, logged_to = max(u.logged_to, l.last)
FROM (SELECT day, key, sum(count) AS count, sum(bots) AS bots,
        (SELECT max(id) FROM stat_resolution_urn_log) AS last
      FROM stat_resolution_urn_log GROUP BY day, key) AS l
WHERE u.day = l.day AND u.key = l.key;
INSERT INTO stat_resolution_urns (day, key, nid, prefix, organisation, count, bots, logged_to)
SELECT day, key, max(nid), max(prefix), max(organisation), sum(count), sum(bots),
  (SELECT max(id) FROM stat_resolution_urn_log)
FROM stat_resolution_urn_log GROUP BY day, key;
DROP TABLE stat_resolution_urn_log;

CREATE TABLE stat_resolution_urn_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  day TEXT NOT NULL,
  urns TEXT NOT NULL
);
INSERT INTO sqlite_sequence (name, seq)
SELECT 'stat_resolution_urn_log', coalesce(max(logged_to), 0) FROM stat_resolution_urns;

${tableGuards(17, "stat_resolution_urn_log")}
`,
  },
  {
    // A prefix's URL policy for mirrors (other organisations' locators on its URNs): URL prefixes
    // or host names they may use, as `urls` is for the owner's; [] lets mirrors use any.
    version: 18,
    name: "prefix-mirror-url-policy",
    sql: "ALTER TABLE prefixes ADD COLUMN mirror_urls TEXT NOT NULL DEFAULT '[]';",
  },
  {
    // A whole registry's export carries the assignments its records were counted under, on their
    // days; its import (exchange/registry-export/) writes those and must not count its records
    // again today. Its transactions mark themselves with the one row of \`restoring\`, inserted
    // first and deleted before COMMIT, so no other connection ever sees it; the counting triggers
    // skip records written under the mark. \`copy_checkpoint\`: how far a \`urnkit copy\` into this
    // database got, written in the transaction of each batch, so that a copy interrupted resumes
    // after the last batch that committed.
    version: 19,
    name: "restore-mark-copy-checkpoint",
    sql: `
CREATE TABLE restoring (id INTEGER PRIMARY KEY CHECK (id = 1));

CREATE TABLE copy_checkpoint (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  source TEXT NOT NULL,
  header TEXT NOT NULL,
  line INTEGER NOT NULL CHECK (line >= 0),
  started TEXT NOT NULL,
  finished TEXT
);

${countingTriggersSkippingRestores()}
`,
  },
  {
    // How a write came in when it was not urnkit's own API, UI or command line ("dnb": the DNB
    // URN-Service API v2); NULL otherwise, and for every row written before.
    version: 20,
    name: "audit-channel",
    sql: "ALTER TABLE audit ADD COLUMN channel TEXT CHECK (channel IS NULL OR channel IN ('dnb'));",
  },
];
