// Organisations and their prefixes (sub-namespaces), with where each prefix's sequence stands:
// the lines the record export has always begun with, field for field.

import { flag, jsonText, type TableKind } from "./table-kind.js";

export const organisationKind: TableKind = {
  kind: "organisation",
  select: `SELECT o.id AS "id", o.name AS "name", o.contact AS "contact", o.active AS "active",
    o.created AS "created", o.updated AS "updated"
  FROM organisations o`,
  order: [{ sql: "o.id", field: "id" }],
  booleans: ["active"],
  match: "o.id = ?",
  matchParams: (l) => [l.id],
  keyed: true,
  insert: `INSERT INTO organisations (id, name, contact, active, created, updated)
    VALUES (?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [l.id, l.name, l.contact ?? null, flag(l.active), l.created, l.updated],
};

export const prefixKind: TableKind = {
  kind: "prefix",
  select: `SELECT p.prefix AS "prefix", p.nid AS "nid", p.organisation AS "organisation",
    p.naming AS "naming", p.urls AS "urls", p.modes AS "modes", p.width AS "width",
    p.check_scheme AS "check", p.next AS "next", p.delegate AS "delegate",
    p.mirrors AS "mirrors", p.mirror_urls AS "mirrorUrls", p.created AS "created",
    p.updated AS "updated"
  FROM prefixes p`,
  order: [{ sql: "p.prefix", field: "prefix" }],
  booleans: ["mirrors"],
  json: ["urls", "modes", "mirrorUrls"],
  match: "p.prefix = ?",
  matchParams: (l) => [l.prefix],
  keyed: true,
  insert: `INSERT INTO prefixes (prefix, nid, organisation, naming, urls, modes, width, check_scheme,
    next, delegate, mirrors, mirror_urls, created, updated)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  insertParams: (l) => [
    l.prefix,
    l.nid,
    l.organisation,
    l.naming ?? null,
    jsonText(l.urls),
    jsonText(l.modes),
    l.width,
    l.check,
    l.next,
    l.delegate ?? null,
    flag(l.mirrors),
    jsonText(l.mirrorUrls ?? []),
    l.created,
    l.updated,
  ],
};
