// A whole registry's export (the exit format): every export the tests make is valid against the
// published JSON Schema; an export imported into an empty database of either engine gives the
// same registry (its export equal line for line, every table equal row for row); SQLite →
// PostgreSQL → SQLite keeps it; importing it again changes nothing.

import assert from "node:assert/strict";
import { readFileSync, writeFileSync } from "node:fs";
import { describe, it } from "node:test";
import { Ajv } from "ajv";
import formats from "ajv-formats";
import { exportRegistry } from "../../src/exchange/registry-export/export.js";
import {
  importRegistry,
  type RegistryImportEvent,
} from "../../src/exchange/registry-export/import.js";
import {
  registryExportSchema,
  registryExportSchemaText,
} from "../../src/exchange/registry-export/schema.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import { type Engine, type EngineHandle, engines, postgres, sqlite } from "../engines.js";
import { fillRegistry } from "../full-registry.js";
import { TEST_PG } from "../pg-database.js";
import { registryTables } from "../registry-tables.js";
import { skippedWhen } from "../skipped-when.js";

const operator = { tokenId: null };
const everything = { tokens: true, history: true };

const published = new URL("../../schema/registry-export.schema.json", import.meta.url);

const ajv = new Ajv({ strict: false, allErrors: true });
(formats as unknown as (a: Ajv) => void)(ajv);
const validLine = ajv.compile(JSON.parse(readFileSync(published, "utf8")));

/** The export's lines, each checked against the published schema. */
export async function exportedLines(
  store: Store,
  options = everything,
  pageSize = 3,
): Promise<string[]> {
  let text = "";
  for await (const chunk of exportRegistry(store, { ...options, pageSize })) text += chunk;
  const lines = text.trimEnd().split("\n");
  for (const [i, line] of lines.entries())
    assert.ok(
      validLine(JSON.parse(line)),
      `line ${i + 1} ${line}: ${ajv.errorsText(validLine.errors)}`,
    );
  return lines;
}

export async function importedLines(store: Store, lines: string[]): Promise<RegistryImportEvent[]> {
  const events: RegistryImportEvent[] = [];
  for await (const event of importRegistry(
    store,
    lines.map((l) => `${l}\n`),
    { actor: operator, limits: { ...DEFAULT_LIMITS, importBatch: 4 } },
  ))
    events.push(event);
  return events;
}

const last = (events: RegistryImportEvent[]) => events.at(-1);
const kinds = (lines: string[]) => new Set(lines.map((l) => Object.keys(JSON.parse(l))[0]));

describe("the published schema", () => {
  it("is the one the import checks lines with", () => {
    if (process.env.URNKIT_WRITE_SCHEMA === "1")
      writeFileSync(published, registryExportSchemaText());
    // Compared as JSON: the file is kept in the repository's JSON formatting.
    assert.deepEqual(JSON.parse(readFileSync(published, "utf8")), registryExportSchema());
    assert.ok(ajv.validateSchema(registryExportSchema()));
  });
});

for (const engine of engines)
  describe(`whole registry export and import (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    it("into an empty database gives the same registry, and again changes nothing", async () => {
      const handles: EngineHandle[] = [];
      try {
        const source = await engine.open();
        handles.push(source);
        await fillRegistry(source);
        const lines = await exportedLines(source.store);
        // Every kind of line is there.
        assert.deepEqual([...kinds(lines)].sort(), [
          "audit",
          "end",
          "harvest-refusal",
          "harvest-run",
          "harvest-source",
          "link-check",
          "link-health",
          "namespace",
          "namespace-template",
          "organisation",
          "prefix",
          "record",
          "resolution-count",
          "stat-assignment",
          "stat-resolution",
          "stat-resolution-urn",
          "stat-urn-log",
          "token",
          "urnkit-registry",
        ]);
        const target = await engine.open();
        handles.push(target);
        const events = await importedLines(target.store, lines);
        assert.deepEqual(
          events.filter((e) => "error" in e),
          [],
        );
        assert.deepEqual(last(events), {
          done: true,
          lines: lines.length,
          created: lines.length - 2,
          unchanged: 0,
          refused: 0,
        });
        assert.deepEqual(await exportedLines(target.store), lines);
        assert.deepEqual(
          await registryTables(target, engine.name),
          await registryTables(source, engine.name),
        );
        const again = await importedLines(target.store, lines);
        assert.deepEqual(last(again), {
          done: true,
          lines: lines.length,
          created: 0,
          unchanged: lines.length - 2,
          refused: 0,
        });
        assert.deepEqual(await exportedLines(target.store), lines);
      } finally {
        for (const h of handles) await h.close();
      }
    });
  });

describe("SQLite → PostgreSQL → SQLite", () => {
  const { it } = skippedWhen(TEST_PG === null ? "URNKIT_TEST_PG is not set" : false);
  it("keeps the registry: three exports equal line for line, the databases table for table", async () => {
    const handles: EngineHandle[] = [];
    const open = async (e: Engine) => {
      const h = await e.open();
      handles.push(h);
      return h;
    };
    try {
      const a = await open(sqlite);
      await fillRegistry(a);
      const first = await exportedLines(a.store);
      const b = await open(postgres);
      assert.equal(
        (last(await importedLines(b.store, first)) as { created: number }).created,
        first.length - 2,
      );
      const second = await exportedLines(b.store);
      assert.deepEqual(second, first);
      const c = await open(sqlite);
      assert.equal(
        (last(await importedLines(c.store, second)) as { created: number }).created,
        first.length - 2,
      );
      assert.deepEqual(await exportedLines(c.store), first);
      const tables = await registryTables(a, "sqlite");
      assert.deepEqual(await registryTables(c, "sqlite"), tables);
      assert.deepEqual(await registryTables(b, "postgres"), tables);
    } finally {
      for (const h of handles) await h.close();
    }
  });
});
