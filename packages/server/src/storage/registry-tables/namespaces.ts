// Namespaces served here, with every field (minting policy and where its sequence stands,
// redirects, delegations, the registration template's revision), and each template revision.

import { flag, jsonText, type LineObject, type TableKind } from "./table-kind.js";

export const namespaceKind: TableKind = {
  kind: "namespace",
  select: `SELECT n.nid AS "nid", n.template_revision AS "templateRevision", n.mint AS "mint",
    n.mint_next AS "mintNext", n.redirect_status AS "redirectStatus", n.max_age AS "maxAge",
    n.delegate AS "delegate", n.local AS "local", n.created AS "created", n.updated AS "updated"
  FROM namespaces n`,
  order: [{ sql: "n.nid", field: "nid" }],
  booleans: ["local"],
  json: ["mint", "delegate"],
  match: "n.nid = ?",
  matchParams: (l) => [l.nid],
  keyed: true,
  insert: `INSERT INTO namespaces (nid, template_revision, mint, mint_next, redirect_status, max_age,
    delegate, local, created, updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l: LineObject) => [
    l.nid,
    l.templateRevision,
    jsonText(l.mint),
    l.mintNext,
    l.redirectStatus,
    l.maxAge,
    jsonText(l.delegate),
    flag(l.local),
    l.created,
    l.updated,
  ],
};

export const namespaceTemplateKind: TableKind = {
  kind: "namespace-template",
  select: `SELECT t.nid AS "nid", t.revision AS "revision", t.template AS "template",
    t.created AS "created"
  FROM namespace_templates t`,
  order: [
    { sql: "t.nid", field: "nid" },
    { sql: "t.revision", field: "revision" },
  ],
  match: "t.nid = ? AND t.revision = ?",
  matchParams: (l) => [l.nid, l.revision],
  keyed: true,
  insert: "INSERT INTO namespace_templates (nid, revision, template, created) VALUES (?, ?, ?, ?)",
  insertParams: (l) => [l.nid, l.revision, l.template, l.created],
};
