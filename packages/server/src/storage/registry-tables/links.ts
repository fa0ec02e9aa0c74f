// Link checking: each checked locator's health (its last outcome, failures in a row, whether it
// is demoted, when it may be checked next) and the history of its checks, the locator named by its
// record's URN and its URL.

import { flag, orNull, type TableKind } from "./table-kind.js";

const LOCATOR_JOIN = "JOIN locators l ON l.id = x.locator_id JOIN records r ON r.id = l.record_id";
const LOCATOR_ID =
  "(SELECT l.id FROM locators l JOIN records r ON r.id = l.record_id WHERE r.key = ? AND l.url = ?)";

export const linkHealthKind: TableKind = {
  kind: "link-health",
  select: `SELECT r.id AS "_record", l.url AS "_url", r.urn AS "urn", l.url AS "url",
    x.checked AS "checked", x.outcome AS "outcome", x.status AS "status",
    x.final_url AS "finalUrl", x.latency_ms AS "latencyMs", x.message AS "message",
    x.failures AS "failures", x.demoted AS "demoted", x.not_before AS "notBefore"
  FROM link_health x ${LOCATOR_JOIN}`,
  order: [
    { sql: "r.id", field: "_record" },
    { sql: "l.url{C}", field: "_url" },
  ],
  booleans: ["demoted"],
  match: "r.key = ? AND l.url = ?",
  matchParams: (l) => [l._key, l.url],
  keyed: true,
  insert: `INSERT INTO link_health (locator_id, checked, outcome, status, final_url, latency_ms,
    message, failures, demoted, not_before) VALUES (${LOCATOR_ID}, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    l._key,
    l.url,
    orNull(l.checked),
    orNull(l.outcome),
    orNull(l.status),
    orNull(l.finalUrl),
    l.latencyMs,
    orNull(l.message),
    l.failures,
    flag(l.demoted),
    orNull(l.notBefore),
  ],
};

export const linkCheckKind: TableKind = {
  kind: "link-check",
  select: `SELECT x.id AS "_id", r.urn AS "urn", l.url AS "url", x.checked AS "checked",
    x.outcome AS "outcome", x.status AS "status", x.final_url AS "finalUrl",
    x.latency_ms AS "latencyMs", x.message AS "message"
  FROM link_checks x ${LOCATOR_JOIN}`,
  order: [{ sql: "x.id", field: "_id" }],
  match: `r.key = ? AND l.url = ? AND x.checked = ? AND x.outcome = ? AND x.status {IS} ?
    AND x.final_url {IS} ? AND x.latency_ms = ? AND x.message {IS} ?`,
  matchParams: (l) => [
    l._key,
    l.url,
    l.checked,
    l.outcome,
    orNull(l.status),
    orNull(l.finalUrl),
    l.latencyMs,
    orNull(l.message),
  ],
  keyed: false,
  insert: `INSERT INTO link_checks (locator_id, checked, outcome, status, final_url, latency_ms,
    message) VALUES (${LOCATOR_ID}, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    l._key,
    l.url,
    l.checked,
    l.outcome,
    orNull(l.status),
    orNull(l.finalUrl),
    l.latencyMs,
    orNull(l.message),
  ],
};
