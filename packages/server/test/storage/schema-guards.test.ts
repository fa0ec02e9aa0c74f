// The database itself refuses what must never happen to an assignment (RFC 8141 §1.1: a URN is
// never reassigned; the registry keeps its history): raw SQL, as an operator's SQL shell would send
// it, bypassing the store. SQLite is tried with foreign keys on and off (the sqlite3 shell's
// default is off); every statement must fail and leave every table as it was.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { DEFAULT_POLICY } from "../../src/storage/prefixes.js";
import type { SqliteStore } from "../../src/storage/sqlite/sqlite-store.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const TABLES = [
  "records",
  "locators",
  "successors",
  "namespaces",
  "namespace_templates",
  "audit",
  "tokens",
  "organisations",
  "prefixes",
  "record_identifiers",
  "harvest_sources",
  "harvest_runs",
  "harvest_refusals",
];

/** Statements both dialects share. */
const COMMON = [
  "DELETE FROM records",
  "UPDATE records SET key = 'urn:example:other' WHERE key = 'urn:example:report-2025'",
  "UPDATE records SET urn = 'urn:other:HIJACKED' WHERE key = 'urn:example:report-2025'",
  "UPDATE records SET created = '1970-01-01T00:00:00.000Z'",
  "UPDATE records SET id = id + 1000",
  "UPDATE records SET status = 'active' WHERE key = 'urn:example:draft-7'",
  "UPDATE records SET status = 'reserved' WHERE key = 'urn:example:report-2024'",
  `UPDATE records SET metadata = '{"title":"rewritten"}' WHERE key = 'urn:example:draft-7'`,
  "DELETE FROM locators",
  "UPDATE locators SET url = 'https://evil.example/'",
  "UPDATE locators SET record_id = record_id + 1",
  "UPDATE locators SET created = 'x'",
  "UPDATE locators SET priority = 99 WHERE record_id = (SELECT id FROM records WHERE key = 'urn:example:draft-7')",
  "DELETE FROM successors",
  "UPDATE successors SET successor_urn = 'urn:example:elsewhere'",
  "DELETE FROM namespaces",
  "UPDATE namespaces SET nid = 'other'",
  "DELETE FROM namespace_templates",
  "UPDATE namespace_templates SET template = 'rewritten'",
  "DELETE FROM audit",
  "UPDATE audit SET action = 'tampered'",
  "DELETE FROM tokens",
  "UPDATE tokens SET role = 'admin'",
  "UPDATE tokens SET revoked = NULL",
  // Organisations, prefixes and identifiers (schema version 7).
  "DELETE FROM organisations",
  "UPDATE organisations SET id = 'other' WHERE id = 'lib'",
  "UPDATE organisations SET created = 'x'",
  "DELETE FROM prefixes",
  "UPDATE prefixes SET prefix = 'urn:example:x-'",
  "UPDATE prefixes SET organisation = 'fac'",
  "UPDATE prefixes SET nid = 'other'",
  "UPDATE prefixes SET next = 1",
  "DELETE FROM record_identifiers",
  "UPDATE record_identifiers SET value = 'x'",
  "UPDATE record_identifiers SET organisation = 'fac'",
  "UPDATE records SET organisation = 'fac' WHERE organisation = 'lib'",
  "UPDATE records SET prefix = NULL WHERE prefix IS NOT NULL",
  "UPDATE locators SET owner = 'lib' WHERE owner = 'fac'",
  "UPDATE tokens SET organisation = 'fac' WHERE organisation = 'lib'",
  // Harvest sources, runs and refusals (schema version 10).
  "DELETE FROM harvest_sources",
  "UPDATE harvest_sources SET organisation = 'fac'",
  "UPDATE harvest_sources SET url = 'https://elsewhere.example/oai'",
  "UPDATE harvest_sources SET metadata_prefix = 'epicur'",
  "DELETE FROM harvest_runs",
  "UPDATE harvest_runs SET records_created = records_created + 1",
  "UPDATE harvest_runs SET outcome = 'running', finished = NULL",
  "DELETE FROM harvest_refusals",
  "UPDATE harvest_refusals SET reason = 'rewritten'",
];

const SQLITE_ONLY = [
  "INSERT OR REPLACE INTO records (key,urn,nid,status,created,updated) VALUES ('urn:example:report-2025','urn:other:HIJACKED','other','reserved','x','x')",
  "REPLACE INTO records (key,urn,nid,status,created,updated) VALUES ('urn:example:draft-7','urn:example:draft-7','example','active','x','x')",
  "INSERT OR REPLACE INTO records (id,key,urn,nid,status,created,updated) VALUES (1,'urn:example:new','urn:example:new','example','active','x','x')",
  "INSERT INTO records (key,urn,nid,status,created,updated) VALUES ('urn:example:draft-7','u','example','active','x','x') ON CONFLICT (key) DO UPDATE SET status = 'active'",
  "UPDATE OR REPLACE records SET key = 'urn:example:report-2024' WHERE key = 'urn:example:report-2025'",
  "UPDATE OR REPLACE records SET id = 1 WHERE id = 2",
  "INSERT OR REPLACE INTO locators (record_id,url,priority,created) SELECT record_id, url, 99, 'x' FROM locators",
  "INSERT INTO locators (record_id,url,created) VALUES (999999,'https://orphan.example/','x')",
  "INSERT OR REPLACE INTO successors (record_id,successor_urn,successor_key,created) SELECT record_id,'urn:example:x',successor_key,'x' FROM successors",
  "INSERT INTO successors (record_id,successor_urn,successor_key,created) VALUES (999999,'urn:example:x','urn:example:x','x')",
  "INSERT OR REPLACE INTO namespaces (nid,created,updated) VALUES ('example','x','x')",
  "INSERT OR REPLACE INTO namespace_templates (nid,revision,template,created) VALUES ('example',1,'rewritten','x')",
  "INSERT OR REPLACE INTO audit (id,action,target,at) VALUES (1,'tampered','x','x')",
  "INSERT OR REPLACE INTO tokens (id,hash,role,created) VALUES (1,'x','admin','x')",
  // An explicit id of -1 looks like "no id given" before the insert; ids below 1 are refused after.
  "INSERT INTO records (id,key,urn,nid,status,created,updated) VALUES (-1,'urn:example:neg','urn:example:neg','example','active','x','x')",
  "INSERT INTO locators (id,record_id,url,created) VALUES (-1,1,'https://neg.example/','x')",
  "INSERT INTO audit (id,action,target,at) VALUES (-1,'x','y','z')",
  "INSERT OR REPLACE INTO organisations (id,name,created,updated) VALUES ('lib','Hijacked','x','x')",
  "INSERT OR REPLACE INTO prefixes (prefix,nid,organisation,created,updated) VALUES ('urn:example:lib-','example','fac','x','x')",
  "INSERT INTO prefixes (prefix,nid,organisation,created,updated) VALUES ('urn:example:lib-','example','fac','x','x') ON CONFLICT (prefix) DO UPDATE SET organisation = 'fac'",
  "INSERT INTO prefixes (prefix,nid,organisation,created,updated) VALUES ('urn:example:orphan-','example','nobody','x','x')",
  "INSERT OR REPLACE INTO record_identifiers (organisation,type,value,record_id,created) SELECT organisation,type,value,record_id,'x' FROM record_identifiers",
  "INSERT INTO record_identifiers (organisation,type,value,record_id,created) VALUES ('lib','oai','orphan',999999,'x')",
  "INSERT OR REPLACE INTO harvest_sources (id,url,set_spec,metadata_prefix,organisation,created,updated) VALUES (1,'https://elsewhere.example/oai','','oai_dc','fac','x','x')",
  "INSERT OR REPLACE INTO harvest_sources (url,set_spec,metadata_prefix,organisation,created,updated) VALUES ('https://repo.example/oai','','oai_dc','fac','x','x')",
  "INSERT OR REPLACE INTO harvest_runs (id,source_id,started) VALUES (1,1,'x')",
  "INSERT OR REPLACE INTO harvest_refusals (id,run_id,oai_identifier,code,reason,at) VALUES (1,1,'x','x','x','x')",
  "INSERT INTO harvest_refusals (run_id,oai_identifier,code,reason,at) VALUES (999999,'x','x','x','x')",
];

const POSTGRES_ONLY = [
  "TRUNCATE records CASCADE",
  // CASCADE: the link checker's tables refer to locators (schema version 11).
  "TRUNCATE locators CASCADE",
  "TRUNCATE successors",
  "TRUNCATE namespace_templates",
  "TRUNCATE audit",
  "TRUNCATE tokens CASCADE",
  "INSERT INTO records (key,urn,nid,status,created,updated) VALUES ('urn:example:report-2025','urn:other:HIJACKED','other','reserved','x','x') ON CONFLICT (key) DO UPDATE SET urn = excluded.urn",
  "INSERT INTO records (key,urn,nid,status,created,updated) VALUES ('urn:example:draft-7','u','example','active','x','x') ON CONFLICT (key) DO UPDATE SET status = excluded.status",
  "INSERT INTO locators (record_id,url,created) SELECT record_id, url, 'x' FROM locators ON CONFLICT (record_id, url) DO UPDATE SET created = excluded.created",
  "TRUNCATE organisations CASCADE",
  "TRUNCATE prefixes",
  "TRUNCATE record_identifiers",
  "INSERT INTO prefixes (prefix,nid,organisation,created,updated) VALUES ('urn:example:lib-','example','fac','x','x') ON CONFLICT (prefix) DO UPDATE SET organisation = excluded.organisation",
  "INSERT INTO organisations (id,name,created,updated) VALUES ('lib','x','x','x') ON CONFLICT (id) DO UPDATE SET id = 'hijacked'",
  // Schema version 8: a locator's lookup key is as fixed as its URL.
  "UPDATE locators SET url_key = 'https://evil.example/'",
  "TRUNCATE harvest_sources CASCADE",
  "TRUNCATE harvest_runs CASCADE",
  "TRUNCATE harvest_refusals",
  "INSERT INTO harvest_sources (url,set_spec,metadata_prefix,organisation,created,updated) VALUES ('https://repo.example/oai','','oai_dc','fac','x','x') ON CONFLICT (url,set_spec,metadata_prefix) DO UPDATE SET organisation = excluded.organisation",
];

async function snapshot(h: EngineHandle): Promise<string> {
  const all: Record<string, unknown> = {};
  for (const t of TABLES) {
    const rows = await h.rawRows(t);
    all[t] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return JSON.stringify(all);
}

for (const engine of engines) {
  describe(`the schema refuses bypasses (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    before(async () => {
      h = await engine.open();
      const { store } = h;
      await store.namespaces.create({ nid: "example", local: true, template: "t1" }, actor);
      await store.namespaces.update({ nid: "example", template: "t2" }, actor);
      const token = await store.tokens.create(
        { hash: "h1", role: "registrar", namespace: null, label: "t" },
        actor,
      );
      await store.tokens.revoke(token.id, actor);
      for (const [name, status] of [
        ["report-2024", "active"],
        ["report-2025", "reserved"],
        ["draft-7", "active"],
      ] as const)
        await store.records.create(
          {
            urn: `urn:example:${name}`,
            key: `urn:example:${name}`,
            nid: "example",
            status,
            locators: [{ url: `https://example.org/${name}` }],
            metadata: { title: name },
          },
          actor,
        );
      // Schema version 7: an organisation with a prefix, a record of it with an identifier and a
      // mirror locator of another organisation, a token of the organisation.
      await store.organisations.create({ id: "lib", name: "Library" }, actor);
      await store.organisations.create({ id: "fac", name: "Faculty" }, actor);
      await store.prefixes.create(
        {
          ...DEFAULT_POLICY,
          prefix: "urn:example:lib-",
          nid: "example",
          organisation: "lib",
          modes: ["resolver"],
          mirrors: true,
        },
        actor,
      );
      assert.equal(
        await store.prefixes.takeNumbers("urn:example:lib-", 5, "prefix.reserve", actor),
        1,
      );
      await store.records.create(
        {
          urn: "urn:example:lib-000001",
          key: "urn:example:lib-000001",
          nid: "example",
          status: "active",
          organisation: "lib",
          prefix: "urn:example:lib-",
          identifiers: [{ type: "oai", value: "oai:lib:1" }],
          locators: [
            { url: "https://lib.example/1" },
            { url: "https://fac.example/1", owner: "fac" },
          ],
        },
        actor,
      );
      await store.tokens.create(
        { hash: "h2", role: "registrar", namespace: null, organisation: "lib", label: null },
        actor,
      );
      // Schema version 10: a harvest source of the organisation with a finished run that refused
      // a record.
      const source = await store.harvest.source(
        { url: "https://repo.example/oai", set: "", metadataPrefix: "oai_dc" },
        "lib",
      );
      const run = await store.harvest.beginRun(source.id, {
        from: null,
        resumed: false,
        leaseUntil: "2999-01-01T00:00:00.000Z",
      });
      await store.harvest.progress(
        run.id,
        {
          pages: 1,
          records: 2,
          created: 1,
          updated: 0,
          unchanged: 0,
          deleted: 0,
          refused: 1,
          refusals: [{ oaiIdentifier: "oai:repo:2", urn: null, code: "no-urn", reason: "no URN" }],
          pending: null,
        },
        "2999-01-01T00:00:00.000Z",
      );
      await store.harvest.finishRun(run.id, {
        outcome: "completed",
        error: null,
        lastResponseDate: "2026-11-20T10:00:00Z",
      });
      await store.records.deactivate(
        "urn:example:draft-7",
        {
          reason: "withdrawn",
          successor: { urn: "urn:example:report-2024", key: "urn:example:report-2024" },
        },
        actor,
      );
    });
    after(async () => h.close());

    const statements = [...COMMON, ...(engine.name === "sqlite" ? SQLITE_ONLY : POSTGRES_ONLY)];
    const modes = engine.name === "sqlite" ? ["ON", "OFF"] : [null];
    for (const fk of modes)
      for (const sql of statements)
        it(`${fk === null ? "" : `foreign_keys=${fk}: `}${sql}`, async () => {
          if (fk !== null) (h.store as SqliteStore).db.pragma(`foreign_keys = ${fk}`);
          const before = await snapshot(h);
          await assert.rejects(
            h.rawExec(sql),
            /never|append-only|keeps|belongs|final|forward|can only be updated|positive/,
          );
          assert.equal(await snapshot(h), before, "the tables are as they were");
        });

    it("still takes the writes the registry makes", async () => {
      if (engine.name === "sqlite") (h.store as SqliteStore).db.pragma("foreign_keys = ON");
      const r = await h.store.records.update(
        "urn:example:report-2024",
        {
          locators: [
            { url: "https://example.org/report-2024", priority: 7 },
            { url: "https://mirror.example/" },
          ],
        },
        actor,
      );
      assert.deepEqual(
        r?.locators.map((l) => [l.url, l.priority, l.active]),
        [
          ["https://example.org/report-2024", 7, true],
          ["https://mirror.example/", 0, true],
        ],
      );
      const a = await h.store.records.activate("urn:example:report-2025", actor);
      assert.equal(a?.status, "active");
      assert.equal(
        await h.store.prefixes.takeNumbers("urn:example:lib-", 1, "prefix.mint", actor),
        6,
      );
      const p = await h.store.prefixes.update("urn:example:lib-", { width: 8 }, actor);
      assert.equal(p?.width, 8);
      const o = await h.store.organisations.update("fac", { active: false }, actor);
      assert.equal(o?.active, false);
      const mirrored = await h.store.records.update(
        "urn:example:lib-000001",
        { locators: [{ url: "https://fac.example/1b" }], owner: "fac" },
        actor,
      );
      assert.deepEqual(
        mirrored?.locators.map((l) => [l.url, l.owner, l.active]),
        [
          ["https://lib.example/1", "lib", true],
          ["https://fac.example/1b", "fac", true],
          ["https://fac.example/1", "fac", false],
        ],
      );
    });
  });
}
