// API tokens as their hashes (the tokens themselves are never stored): exported only on request.
// The audit log names a token by its hash.

import { orNull, type TableKind } from "./table-kind.js";

export const tokenKind: TableKind = {
  kind: "token",
  optIn: "tokens",
  select: `SELECT t.id AS "_id", t.hash AS "hash", t.role AS "role", t.namespace AS "namespace",
    t.organisation AS "organisation", t.label AS "label", t.created AS "created",
    t.revoked AS "revoked"
  FROM tokens t`,
  order: [{ sql: "t.id", field: "_id" }],
  match: "t.hash = ?",
  matchParams: (l) => [l.hash],
  keyed: true,
  insert: `INSERT INTO tokens (hash, role, namespace, organisation, label, created, revoked)
    VALUES (?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    l.hash,
    l.role,
    orNull(l.namespace),
    orNull(l.organisation),
    orNull(l.label),
    l.created,
    orNull(l.revoked),
  ],
};

/** The audit log, in the order it was written; its token named by hash when tokens are exported. */
export const auditKind: TableKind = {
  kind: "audit",
  optIn: "history",
  select: `SELECT a.id AS "_id", t.hash AS "token", a.action AS "action", a.target AS "target",
    a.before AS "before", a.after AS "after", a.at AS "at"
  FROM audit a LEFT JOIN tokens t ON t.id = a.token_id`,
  order: [{ sql: "a.id", field: "_id" }],
  // The entry's before and after are JSON text, carried verbatim (each engine writes some itself).
  omitNull: ["token"],
  match: `a.action = ? AND a.target = ? AND a.at = ? AND a.before {IS} ? AND a.after {IS} ?
    AND t.hash {IS} ?`,
  matchParams: (l) => [
    l.action,
    l.target,
    l.at,
    orNull(l.before),
    orNull(l.after),
    orNull(l.token),
  ],
  keyed: false,
  insert: `INSERT INTO audit (token_id, action, target, before, after, at)
    VALUES ((SELECT id FROM tokens WHERE hash = ?), ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    orNull(l.token),
    l.action,
    l.target,
    orNull(l.before),
    orNull(l.after),
    l.at,
  ],
};
