// The access table (access-table.ts) walked with every kind of token, on every engine: through
// the JSON API, and through the web UI's administration forms where the action has one. A
// refusal must be 403 (401 without a valid token) and change nothing the next case relies on;
// each case gets tokens and a record of its own.

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import { type Browser, signedIn } from "../ui-browser.js";
import { ACCESS_TABLE, type CaseFixture, KINDS, type Kind } from "./access-table.js";

const operator = { tokenId: null };
const NDJSON = "application/x-ndjson";

for (const engine of engines)
  describe(`access by kind of token (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    const tokens = new Map<Kind, string | null>();
    let serial = 0;

    before(async () => {
      h = await engine.open();
      await seedExample(h.store);
      app = await buildServer({ store: h.store });
      const grant = async (g: Parameters<typeof issueToken>[1]) =>
        (await issueToken(h.store, g, operator)).token;
      tokens.set("server-admin", await grant({ role: "admin" }));
      tokens.set("namespace-admin", await grant({ role: "admin", namespace: "example" }));
      tokens.set(
        "organisation-admin",
        await grant({ role: "admin", organisation: "example-library" }),
      );
      tokens.set("registrar", await grant({ role: "registrar", organisation: "example-library" }));
      tokens.set("reader", await grant({ role: "reader" }));
      const revoked = await issueToken(h.store, { role: "admin" }, operator);
      await h.store.tokens.revoke(revoked.info.id, operator);
      tokens.set("revoked", revoked.token);
      tokens.set("none", null);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    async function fixture(): Promise<CaseFixture> {
      serial += 1;
      const victim = async (organisation: string | null) =>
        (await issueToken(h.store, { role: "reader", organisation }, operator)).info.id;
      const minted = await app.inject({
        method: "POST",
        url: `/api/v1/namespaces/example/prefixes/${encodeURIComponent("urn:example:lib-")}/mint`,
        headers: { authorization: `Bearer ${tokens.get("server-admin")}` },
        payload: {},
      });
      assert.equal(minted.statusCode, 201, minted.body);
      return {
        unique: `${serial}`,
        victims: {
          registry: await victim(null),
          library: await victim("example-library"),
          archive: await victim("example-archive"),
        },
        libraryUrn: JSON.parse(minted.body).urn,
      };
    }

    for (const row of ACCESS_TABLE)
      it(`API: ${row.name}`, async () => {
        for (const kind of KINDS) {
          const request = row.api(await fixture());
          const token = tokens.get(kind);
          const isImport = request.url === "/api/v1/import";
          const r = await app.inject({
            method: request.method,
            url: request.url,
            headers: {
              ...(token == null ? {} : { authorization: `Bearer ${token}` }),
              ...(isImport ? { "content-type": NDJSON } : {}),
            },
            ...(request.body === undefined
              ? {}
              : { payload: isImport ? String(request.body) : (request.body as object) }),
          });
          const expected = row.allowed.includes(kind)
            ? "2xx"
            : kind === "none" || kind === "revoked"
              ? 401
              : 403;
          const seen = r.statusCode >= 200 && r.statusCode < 300 ? "2xx" : r.statusCode;
          assert.equal(seen, expected, `${kind}: ${request.method} ${request.url} → ${r.body}`);
        }
      });

    it("API: an organisation's administrator lists only its organisation's tokens and audit rows", async () => {
      const auth = { authorization: `Bearer ${tokens.get("organisation-admin")}` };
      const listed = JSON.parse((await app.inject({ url: "/api/v1/tokens", headers: auth })).body);
      assert.ok(listed.length > 0);
      for (const t of listed) assert.equal(t.organisation, "example-library");
      const rows = JSON.parse((await app.inject({ url: "/api/v1/audit", headers: auth })).body);
      assert.ok(rows.length > 0);
      const own = new Set(listed.map((t: { id: number }) => t.id));
      for (const row of rows)
        assert.ok(
          (row.tokenId !== null && own.has(row.tokenId)) ||
            row.target === "org:example-library" ||
            row.target.startsWith("prefix:urn:example:lib-") ||
            (row.target.startsWith("token:") && own.has(Number(row.target.slice(6)))),
          `not the library's: ${JSON.stringify(row)}`,
        );
      // The server administrator's token survives every case above.
      const admin = { authorization: `Bearer ${tokens.get("server-admin")}` };
      assert.equal((await app.inject({ url: "/api/v1/tokens", headers: admin })).statusCode, 200);
    });

    const UI_KINDS = [
      "server-admin",
      "namespace-admin",
      "organisation-admin",
      "registrar",
    ] as const;
    const browsers = new Map<Kind, Browser>();
    const csrf = new Map<Kind, string>();
    async function browser(kind: (typeof UI_KINDS)[number]) {
      let b = browsers.get(kind);
      if (b === undefined) {
        b = await signedIn(app, tokens.get(kind) as string);
        browsers.set(kind, b);
        csrf.set(kind, await b.csrf("/registrar"));
      }
      return b;
    }

    it("UI: the administration page is for administrators of any scope, showing their sections", async () => {
      const sections: Record<(typeof UI_KINDS)[number], string[] | null> = {
        "server-admin": ["h-ns", "h-orgs", "h-prefixes", "h-tokens"],
        "namespace-admin": ["h-prefixes"],
        "organisation-admin": ["h-tokens"],
        registrar: null,
      };
      for (const kind of UI_KINDS) {
        const page = await (await browser(kind)).get("/admin");
        const expected = sections[kind];
        if (expected === null) {
          assert.equal(page.statusCode, 403, kind);
          continue;
        }
        assert.equal(page.statusCode, 200, `${kind}: ${page.body}`);
        const shown = [...page.body.matchAll(/<h2 id="(h-[a-z]+)"/g)].map((m) => m[1]);
        assert.deepEqual(shown, expected, kind);
      }
      const library = await (await browser("organisation-admin")).get("/admin");
      assert.doesNotMatch(library.body, /example-archive<\/code>/, "another organisation's tokens");
    });

    for (const row of ACCESS_TABLE.filter((r) => r.ui !== undefined))
      it(`UI: ${row.name}`, async () => {
        for (const kind of UI_KINDS) {
          const request = row.ui?.(await fixture());
          assert.ok(request);
          const b = await browser(kind);
          const r = await b.post(request.path, { csrf: csrf.get(kind) as string, ...request.form });
          const done = r.statusCode === 303 || r.statusCode === 201;
          assert.equal(
            done ? "done" : r.statusCode,
            row.allowed.includes(kind) ? "done" : 403,
            `${kind}: POST ${request.path} → ${r.statusCode}`,
          );
        }
      });
  });
