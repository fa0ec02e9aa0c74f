// What web users read, in their words rather than the code's: a record's history ("Registered",
// "Deactivated: reason"; the audit action only in the line's title), a harvest's refusal (it acts
// for an organisation with no token), the home page's example (a URN this server serves, or none),
// and an icon for every page (/favicon.ico was a 404).

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { harvestToken } from "../../src/exchange/harvest/apply-pair.js";
import { actFor } from "../../src/registry/organisation-scope.js";
import { seedExample } from "../../src/registry/seed.js";
import { buildServer } from "../../src/server.js";
import type { AuditEntry } from "../../src/storage/audit.js";
import { historyWording } from "../../src/ui/history-wording.js";
import { Refusal } from "../../src/validation/refusal.js";
import { type EngineHandle, sqlite } from "../engines.js";
import { Browser } from "../ui-browser.js";

const actor = { tokenId: null };

function entry(action: string, before: unknown, after: unknown): AuditEntry {
  return {
    id: 1,
    tokenId: null,
    channel: null,
    action,
    target: "urn:example:a",
    before,
    after,
    at: "",
  };
}

describe("wording for people", () => {
  const record = { status: "active", locators: [], metadata: null, successors: [] };
  const history: [string, AuditEntry, string][] = [
    ["a registration", entry("urn.create", undefined, record), "Registered"],
    [
      "a reservation",
      entry("urn.create", undefined, { ...record, status: "reserved" }),
      "Reserved",
    ],
    ["an import", entry("urn.import", null, { batch: "b" }), "Imported"],
    ["an activation", entry("urn.activate", { status: "reserved" }, record), "Activated"],
    [
      "a deactivation",
      entry("urn.deactivate", record, { ...record, status: "deactivated", reason: "withdrawn" }),
      "Deactivated: withdrawn",
    ],
    [
      "a deactivation with a successor",
      entry("urn.deactivate", record, {
        ...record,
        status: "deactivated",
        reason: "moved",
        successors: ["urn:example:b"],
      }),
      "Deactivated: moved (successor urn:example:b)",
    ],
    [
      "a successor named later",
      entry("urn.successor", record, { ...record, successors: ["urn:example:b"] }),
      "Successor named: urn:example:b",
    ],
    [
      "new locators",
      entry("urn.update", record, { ...record, locators: [{ url: "https://x.example/" }] }),
      "Locators changed",
    ],
    [
      "locators and metadata",
      entry("urn.update", record, { ...record, locators: [{}], metadata: { title: "t" } }),
      "Locators and metadata changed",
    ],
    ["an update the row does not detail", entry("urn.update", null, null), "Changed"],
    ["an action it does not know", entry("urn.frobnicate", null, null), "urn.frobnicate"],
  ];
  for (const [what, audit, words] of history)
    it(`history: ${what} reads "${words}"`, () => assert.equal(historyWording(audit), words));

  const refusals: [string, string | null, RegExp][] = [
    [
      "another organisation's URN",
      "fac",
      /^urn:example:fac-1 belongs to organisation "fac"; this write acts for organisation "lib"$/,
    ],
    [
      "a URN of no organisation",
      null,
      /^urn:example:fac-1 belongs to no organisation; this write acts for organisation "lib"$/,
    ],
  ];
  for (const [what, owner, message] of refusals)
    it(`a harvest's refusal of ${what} names no token`, () => {
      assert.throws(
        () => actFor(harvestToken("lib"), owner, "urn:example:fac-1"),
        (error: unknown) =>
          error instanceof Refusal &&
          error.code === "other-organisation" &&
          message.test(error.message) &&
          !/token/.test(error.message),
      );
    });
});

describe("pages for people", () => {
  let h: EngineHandle;
  let app: FastifyInstance;
  const hint = async () => {
    const body = (await new Browser(app).get("/")).body;
    return /<p class="hint" id="urn-hint">(.*?)<\/p>/s.exec(body)?.[1] ?? "";
  };

  before(async () => {
    h = await sqlite.open();
    app = await buildServer({ store: h.store });
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  it("home: no example URN while nothing is served", async () => {
    const text = await hint();
    assert.doesNotMatch(text, /urn:/);
    assert.match(text, /^Resolve follows it/);
  });

  it("home: the namespaces served while none of their URNs is active", async () => {
    await h.store.namespaces.create({ nid: "lib", local: true }, actor);
    assert.match(await hint(), /^URNs here start with <code>urn:lib:<\/code>\. /);
  });

  it("home: a URN registered here once there is one, and it resolves", async () => {
    await seedExample(h.store);
    const urn = /^For example <code>([^<]+)<\/code>\. /.exec(await hint())?.[1];
    assert.ok(urn !== undefined, "an example URN");
    const resolved = await app.inject({ url: `/${urn}` });
    assert.equal(resolved.statusCode, 303, `${urn} resolves`);
  });

  it("record history: human wording, the audit action in the title", async () => {
    const body = (await new Browser(app).get("/record/urn:example:report-2019")).body;
    const history = body.slice(body.indexOf('<ol class="history">'));
    assert.match(history, /<span title="urn\.create">Registered<\/span>/);
    assert.match(
      history,
      /<span title="urn\.deactivate">Deactivated: superseded by a corrected edition/,
    );
    assert.doesNotMatch(history.replace(/title="[^"]*"/g, ""), /urn\.(create|deactivate)/);
  });

  it("an icon: linked as SVG from every page, and at /favicon.ico", async () => {
    assert.match(
      (await new Browser(app).get("/")).body,
      /<link rel="icon" href="\/assets\/favicon.svg" type="image\/svg\+xml">/,
    );
    const svg = await app.inject({ url: "/assets/favicon.svg" });
    assert.equal(svg.statusCode, 200);
    assert.match(String(svg.headers["content-type"]), /^image\/svg\+xml/);
    assert.match(svg.body, /^<svg /);
    const ico = await app.inject({ url: "/favicon.ico" });
    assert.equal(ico.statusCode, 200);
    assert.equal(ico.headers["content-type"], "image/x-icon");
    // An ICO header: reserved 0, type 1 (icon), at least one image.
    const bytes = ico.rawPayload;
    assert.deepEqual([...bytes.subarray(0, 4)], [0, 0, 1, 0]);
    assert.ok(bytes.readUInt16LE(4) >= 1);
  });
});
