// Versioned SQLite schema. "Never reassigned, never deleted" (RFC 8141 §1.1 persistence) is held
// by the database itself: a UNIQUE equivalence key, triggers refusing DELETE, a changed key and a
// status moving backwards.

import type { Migration } from "../migration.js";

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

CREATE TRIGGER records_never_deleted BEFORE DELETE ON records
BEGIN
  SELECT RAISE(ABORT, 'URN records are never deleted');
END;

CREATE TRIGGER records_never_reassigned BEFORE UPDATE OF key, urn, nid ON records
WHEN NEW.key IS NOT OLD.key OR NEW.urn IS NOT OLD.urn OR NEW.nid IS NOT OLD.nid
BEGIN
  SELECT RAISE(ABORT, 'a URN record is never reassigned');
END;

CREATE TRIGGER records_status_forward BEFORE UPDATE OF status ON records
WHEN (OLD.status = 'active' AND NEW.status = 'reserved')
  OR (OLD.status = 'deactivated' AND NEW.status <> 'deactivated')
BEGIN
  SELECT RAISE(ABORT, 'a URN status only moves forward: reserved, active, deactivated');
END;

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

CREATE TRIGGER audit_append_only BEFORE DELETE ON audit
BEGIN
  SELECT RAISE(ABORT, 'the audit log is append-only');
END;

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
  {
    version: 3,
    name: "audit-by-target",
    sql: "CREATE INDEX audit_by_target ON audit (target, id);",
  },
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
];
