// Regressions of the hardening round, each with the exact reproduction it was found with, on every
// engine: text the database cannot hold, JSON nested too deep, import lines checked like API
// bodies, frozen tombstones, URNs with non-UTF-8 octets in the path, delegate templates, the order
// of refusals, HTML headers, request ids, half-closed clients, bounded statistics, import history.

import assert from "node:assert/strict";
import { connect } from "node:net";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { registrationTemplate } from "../fixtures/registration-template.js";
import { skippedWhen } from "../skipped-when.js";
import { signedIn } from "../ui-browser.js";

const actor = { tokenId: null };

/** Writes `request` on a fresh connection, half-closes, and reads the whole answer. */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(5000, () => socket.destroy(new Error("no answer within 5 s")));
    socket.on("data", (c) => chunks.push(c));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("latin1")));
    socket.end(request);
  });
}

/** JSON text of an object nested `levels` deep (written out: JSON.stringify would overflow). */
function deep(levels: number): string {
  return `${'{"n":'.repeat(levels)}"leaf"${"}".repeat(levels)}`;
}

for (const engine of engines) {
  describe(`hardening (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let port: number;
    let admin: string;
    const auth = () => ({ authorization: `Bearer ${admin}` });
    const json = (r: { body: string }) => JSON.parse(r.body);
    const inject = (
      method: "GET" | "POST" | "PATCH" | "DELETE" | "PUT",
      url: string,
      payload?: unknown,
      headers: Record<string, string> = auth(),
    ) =>
      app.inject({
        method,
        url,
        headers,
        ...(payload === undefined
          ? {}
          : typeof payload === "string"
            ? { payload }
            : { payload: payload as object }),
      });
    const importLines = async (lines: string[]) => {
      const r = await app.inject({
        method: "POST",
        url: "/api/v1/import",
        headers: { ...auth(), "content-type": "application/x-ndjson" },
        payload: `${lines.join("\n")}\n`,
      });
      assert.equal(r.statusCode, 200, r.body);
      return r.body
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
    };

    before(async () => {
      h = await engine.open();
      await seedExample(h.store);
      admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
      app = await buildServer({ store: h.store });
      await app.listen({ port: 0, host: "127.0.0.1" });
      port = (app.server.address() as { port: number }).port;
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    describe("U+0000 and unpaired surrogates are refused, naming the field", () => {
      for (const url of [
        "/api/v1/namespaces/%00",
        "/api/v1/stats/resolutions?nid=%00",
        "/api/v1/audit?target=%00",
      ])
        it(`GET ${url}: 400`, async () => {
          const r = await inject("GET", url, undefined, url.includes("audit") ? auth() : {});
          assert.equal(r.statusCode, 400, r.body);
          assert.equal(json(r).code, "invalid-text");
          assert.match(r.headers["content-type"] as string, /^application\/problem\+json/);
        });

      const bodies: [string, string, unknown, string][] = [
        [
          "POST",
          "/api/v1/urns/urn:example:report-2024/deactivate",
          { reason: "a\u0000b" },
          "/reason",
        ],
        ["POST", "/api/v1/tokens", { role: "reader", label: "x\u0000" }, "/label"],
        [
          "PATCH",
          "/api/v1/urns/urn:example:report-2024",
          { locators: [{ url: "https://a.example/", mediaType: "text/html\u0000" }] },
          "/locators/0/mediaType",
        ],
        [
          "PATCH",
          "/api/v1/urns/urn:example:report-2024",
          { metadata: { t: "\ud800" } },
          "/metadata/t",
        ],
        [
          "PATCH",
          "/api/v1/urns/urn:example:report-2024",
          { metadata: { "k\u0000": 1 } },
          "/metadata/k\u0000",
        ],
      ];
      for (const [method, url, body, path] of bodies)
        it(`${method} ${url} with ${JSON.stringify(body)}: 422 naming ${JSON.stringify(path)}`, async () => {
          const r = await inject(method as "POST", url, body);
          assert.equal(r.statusCode, 422, r.body);
          assert.equal(json(r).code, "invalid-text");
          assert.equal(json(r).errors[0].path, path);
        });

      it("an import line with NUL in a locator is refused by line; the others commit", async () => {
        const events = await importLines([
          JSON.stringify({ urn: "urn:example:nul-a", status: "active" }),
          JSON.stringify({
            urn: "urn:example:nul-b",
            status: "active",
            locators: [{ url: "https://a.example/x", mediaType: "a/b\u0000" }],
          }),
          JSON.stringify({ urn: "urn:example:nul-c", status: "active" }),
        ]);
        assert.deepEqual(
          events.filter((e) => e.line !== undefined).map((e) => [e.line, e.code]),
          [[2, "invalid-text"]],
        );
        assert.equal(events.at(-1).created, 2);
      });
    });

    describe("JSON nested deeper than 32 levels", () => {
      it("an API body: 422 too-deep", async () => {
        const r = await app.inject({
          method: "PATCH",
          url: "/api/v1/urns/urn:example:report-2024",
          headers: { ...auth(), "content-type": "application/json" },
          payload: `{"metadata":${deep(4200)}}`,
        });
        assert.equal(r.statusCode, 422, r.body);
        assert.equal(json(r).code, "too-deep");
      });
      it("an import line: refused with its number; the good line before it commits", async () => {
        const events = await importLines([
          JSON.stringify({ urn: "urn:example:deep-ok", status: "active" }),
          `{"urn":"urn:example:deep-bad","status":"active","metadata":${deep(4100)}}`,
        ]);
        assert.deepEqual(
          events.filter((e) => e.line !== undefined).map((e) => [e.line, e.code]),
          [[2, "too-deep"]],
        );
        assert.equal((await h.store.records.get("urn:example:deep-ok"))?.status, "active");
        assert.equal(await h.store.records.get("urn:example:deep-bad"), null);
      });
      it("32 levels are accepted", async () => {
        const r = await inject("PATCH", "/api/v1/urns/urn:example:report-2024", {
          metadata: JSON.parse(deep(31)),
        });
        assert.equal(r.statusCode, 200, r.body);
      });
    });

    describe("import checks what the API checks", () => {
      const cases: [string, object][] = [
        ["a non-string mediaType", { mediaType: 5 }],
        ["priority 1e300", { priority: 1e300 }],
        ["priority -5", { priority: -5 }],
        ['"active": "no"', { active: "no" }],
        ["a created that is not a date-time", { created: "yesterday" }],
        ["a CR/LF in the URL", { url: "https://a.example/x\r\nhttps://evil.example/" }],
        ['a URL with ">', { url: 'https://a.example/"><script>' }],
        ["a javascript: URL", { url: "javascript:alert(1)" }],
        ["an unknown field", { prioritty: 1 }],
      ];
      for (const [name, locator] of cases)
        it(`${name}: refused on import (422 on the API), the rest of the batch commits`, async () => {
          const urn = `urn:example:imp-${name.replace(/[^a-z0-9]+/gi, "-")}`;
          const events = await importLines([
            JSON.stringify({ urn: `${urn}-ok`, status: "active" }),
            JSON.stringify({
              urn,
              status: "active",
              locators: [{ url: "https://a.example/x", ...locator }],
            }),
          ]);
          const refused = events.filter((e) => e.line !== undefined);
          assert.equal(refused.length, 1, JSON.stringify(events));
          assert.equal(refused[0].line, 2);
          assert.equal(await h.store.records.get(urn), null);
          assert.equal((await h.store.records.get(`${urn}-ok`))?.status, "active");
          const api = await inject("POST", "/api/v1/urns", {
            urn,
            status: "active",
            locators: [{ url: "https://a.example/x", ...locator }],
          });
          assert.ok(api.statusCode === 400 || api.statusCode === 422, api.body);
        });

      it("a line differing from the record only in a locator's priority, active flag or media type is a conflict", async () => {
        const line = {
          urn: "urn:example:same",
          status: "active",
          locators: [
            { url: "https://a.example/s", priority: 1, mediaType: "text/html", active: true },
          ],
        };
        assert.equal((await importLines([JSON.stringify(line)])).at(-1).created, 1);
        assert.equal((await importLines([JSON.stringify(line)])).at(-1).unchanged, 1);
        for (const change of [
          { priority: 2 },
          { active: false },
          { mediaType: "application/pdf" },
        ]) {
          const events = await importLines([
            JSON.stringify({ ...line, locators: [{ ...line.locators[0], ...change }] }),
          ]);
          assert.equal(events[0].code, "already-registered", JSON.stringify(change));
        }
      });

      it("the UI's locator form refuses what the API refuses", async () => {
        const browser = await signedIn(app, admin);
        const formCsrf = await browser.csrf("/registrar/record/urn:example:report-2024");
        for (const [priority, url] of [
          ["-5", "https://a.example/p"],
          ["70000", "https://a.example/p"],
          ["1e23", "https://a.example/p"],
          ["1", "https://a.example/p\r\nhttps://evil.example/"],
          ["1", 'https://a.example/">x'],
        ] as const) {
          const r = await browser.post("/registrar/record/urn:example:report-2024", {
            csrf: formCsrf,
            action: "locators",
            url,
            priority,
            mediaType: "",
          });
          assert.equal(r.statusCode, 422, `${priority} ${JSON.stringify(url)}: ${r.statusCode}`);
        }
        const list = await app.inject({ url: "/urn:example:report-2024?+s=N2Ls" });
        assert.doesNotMatch(list.body, /evil/);
      });
    });

    describe("a tombstone is frozen", () => {
      it("PATCH of a deactivated URN: 409", async () => {
        const r = await inject("PATCH", "/api/v1/urns/urn:example:draft-7", {
          metadata: { title: "changed" },
        });
        assert.equal(r.statusCode, 409, r.body);
        assert.equal(json(r).code, "tombstone-frozen");
        assert.deepEqual((await h.store.records.get("urn:example:draft-7"))?.metadata, {
          title: "Draft 7",
        });
      });
      it("deactivating again: 409; recording a successor once: 200, then 409", async () => {
        const again = await inject("POST", "/api/v1/urns/urn:example:draft-7/deactivate", {
          reason: "again",
        });
        assert.equal(again.statusCode, 409);
        assert.equal(json(again).code, "already-deactivated");
        const succ = await inject("POST", "/api/v1/urns/urn:example:draft-7/deactivate", {
          successor: "urn:example:report-2024",
        });
        assert.equal(succ.statusCode, 200, succ.body);
        assert.deepEqual(json(succ).successors, ["urn:example:report-2024"]);
        assert.equal(json(succ).reason, "withdrawn by its author");
        const twice = await inject("POST", "/api/v1/urns/urn:example:draft-7/deactivate", {
          successor: "urn:example:report-2019",
        });
        assert.equal(twice.statusCode, 409);
        assert.equal(json(twice).code, "successor-exists");
      });
    });

    describe("a URN with a percent-encoded non-UTF-8 octet", () => {
      it("urn:example:bin-%FF is registered, read, patched and shown", async () => {
        const created = await inject("POST", "/api/v1/urns", {
          urn: "urn:example:bin-%FF",
          status: "active",
          locators: [{ url: "https://a.example/bin" }],
        });
        assert.equal(created.statusCode, 201, created.body);
        const read = await inject("GET", "/api/v1/urns/urn:example:bin-%FF");
        assert.equal(read.statusCode, 200, read.body);
        assert.equal(json(read).urn, "urn:example:bin-%FF");
        const patched = await inject("PATCH", "/api/v1/urns/urn:example:bin-%FF", {
          metadata: { t: 1 },
        });
        assert.equal(patched.statusCode, 200, patched.body);
        const page = await inject("GET", "/record/urn:example:bin-%FF", undefined, {});
        assert.equal(page.statusCode, 200);
        assert.match(page.body, /urn:example:bin-%FF/);
        const resolved = await inject("GET", "/urn:example:bin-%FF", undefined, {});
        assert.equal(resolved.statusCode, 303);
      });
    });

    describe("delegate templates", () => {
      for (const url of [
        "https://exa mple.com/{nss}",
        "https://{nss}.example.org/",
        "https://example.org:{nss}/",
        "ftp://example.org/{urn}",
        "https://example.org/{other}",
        "https://example.org/x#{urn}",
      ])
        it(`refuses ${url}: 422`, async () => {
          const r = await inject("POST", "/api/v1/namespaces", {
            nid: "dlg",
            local: true,
            delegate: [{ prefix: "", url }],
          });
          assert.equal(r.statusCode, 422, r.body);
          assert.equal(json(r).code, "bad-delegate");
        });
      it("percent-encodes what it substitutes for where it stands", async () => {
        const r = await inject("POST", "/api/v1/namespaces", {
          nid: "dlg",
          local: true,
          delegate: [
            { prefix: "", url: "https://resolver.example/{nss}" },
            { prefix: "urn:dlg:q:", url: "https://resolver.example/find?id={urn}&x=1" },
            { prefix: "urn:dlg:n2l:", url: "https://resolver.example/uri-res/N2L?{urn}" },
          ],
        });
        assert.equal(r.statusCode, 201, r.body);
        const loc = async (target: string) =>
          (await inject("GET", target, undefined, {})).headers.location;
        assert.equal(await loc("/urn:dlg:cevil.com/x"), "https://resolver.example/cevil.com/x");
        assert.equal(
          await loc("/urn:dlg:a?+r?=q"),
          "https://resolver.example/a",
          "the components are not part of the NSS",
        );
        assert.equal(
          await loc("/urn:dlg:q:a&b=c?=k=v"),
          "https://resolver.example/find?id=urn:dlg:q:a%26b%3Dc?%3Dk%3Dv&x=1",
        );
        assert.equal(
          await loc("/urn:dlg:n2l:a&b?=k=v"),
          "https://resolver.example/uri-res/N2L?urn:dlg:n2l:a&b?=k=v",
        );
      });
    });

    it("serves an informal namespace with its own Version 1 template (the number is IANA's)", async () => {
      const r = await inject("POST", "/api/v1/namespaces", {
        nid: "urn-5",
        template: registrationTemplate("urn-5"),
      });
      assert.equal(r.statusCode, 201, r.body);
    });

    describe("order of refusals", () => {
      it("a write without a token gets 401, not its body's errors", async () => {
        const r = await inject("POST", "/api/v1/urns", { urn: 5 }, {});
        assert.equal(r.statusCode, 401);
      });
      it("DELETE with a JSON content type and no body: 405 never-deleted", async () => {
        const r = await app.inject({
          method: "DELETE",
          url: "/api/v1/urns/urn:example:report-2024",
          headers: { "content-type": "application/json" },
        });
        assert.equal(r.statusCode, 405);
        assert.equal(json(r).code, "never-deleted");
      });
      it("no Host header: 400 problem+json", async () => {
        const text = await raw(
          port,
          "GET /api/v1/namespaces HTTP/1.1\r\nConnection: close\r\n\r\n",
        );
        assert.match(text, /^HTTP\/1\.1 400 /);
        assert.match(text, /content-type: application\/problem\+json/i);
        assert.match(text, /"code":"missing-host"/);
      });
      it("an Expect node does not know: 417 problem+json", async () => {
        const text = await raw(
          port,
          "GET /api/v1/namespaces HTTP/1.1\r\nHost: x\r\nExpect: tea\r\nConnection: close\r\n\r\n",
        );
        assert.match(text, /^HTTP\/1\.1 417 /);
        assert.match(text, /"code":"expectation-failed"/);
      });
    });

    describe("headers", () => {
      before(async () => {
        await inject("POST", "/api/v1/urns", { urn: "urn:example:tomb", status: "active" });
        await inject("POST", "/api/v1/urns/urn:example:tomb/deactivate", { reason: "test" });
      });
      for (const target of ["/urn:example:tomb", "/urn:example:report-2024?+s=I2C", "/"])
        it(`${target} as HTML has the CSP and nosniff`, async () => {
          const r = await inject("GET", target, undefined, { accept: "text/html" });
          assert.match(r.headers["content-type"] as string, /^text\/html/);
          assert.match(r.headers["content-security-policy"] as string, /default-src 'self'/);
          assert.equal(r.headers["x-content-type-options"], "nosniff");
        });
      it("X-Request-Id: a safe one echoed, otherwise unique per request", async () => {
        const echoed = await inject("GET", "/api/v1/namespaces", undefined, {
          "x-request-id": "proxy-42",
        });
        assert.equal(echoed.headers["x-request-id"], "proxy-42");
        const a = await inject("GET", "/api/v1/namespaces", undefined, { "x-request-id": "<x>" });
        const b = await inject("GET", "/api/v1/namespaces", undefined, {});
        assert.notEqual(a.headers["x-request-id"], "<x>");
        assert.notEqual(a.headers["x-request-id"], b.headers["x-request-id"]);
        assert.match(String(b.headers["x-request-id"]), /^[A-Za-z0-9_-]{16}-[0-9a-z]+$/);
      });
    });

    it("a client that half-closes after its request gets the answer", async () => {
      for (const target of ["/api/v1/urns/urn:example:report-2024", "/urn:example:report-2024"]) {
        const text = await raw(port, `GET ${target} HTTP/1.1\r\nHost: x\r\n\r\n`);
        assert.match(text, /^HTTP\/1\.1 (200|303) /, target);
      }
    });

    it("resolving unknown namespaces adds no rows; the stats endpoint pages", async () => {
      for (let i = 0; i < 50; i++) await inject("GET", `/urn:made-up-${i}:x`, undefined, {});
      await inject("GET", "/urn:example:report-2024", undefined, {});
      const first = await inject("GET", "/api/v1/stats/resolutions?limit=1");
      assert.equal(first.statusCode, 200);
      const page = json(first);
      assert.equal(page.items.length, 1);
      assert.match(String(first.headers.link), /rel="next"/);
      const rest = json(await inject("GET", `/api/v1/stats/resolutions?cursor=${page.next}`));
      const all = [...page.items, ...rest.items];
      const nids = all.map((c: { nid: string }) => c.nid);
      assert.ok(nids.includes("example"));
      assert.ok(!nids.some((n: string) => n.startsWith("made-up")), nids.join());
      assert.equal(all.find((c: { nid: string }) => c.nid === "(elsewhere)").count, 50);
      assert.equal((await h.rawRows("resolution_counts")).length, all.length);
      for (const bad of ["limit=0", "limit=1001", "limit=x", "cursor=zz", "from=2026-1-1"])
        assert.equal(
          (await inject("GET", `/api/v1/stats/resolutions?${bad}`)).statusCode,
          400,
          bad,
        );
      // The same days as the other statistics reads: of the calendar, and in order.
      for (const [bad, code] of [
        ["from=2026-02-30", "bad-date"],
        ["to=2026-13-01", "bad-date"],
        ["from=2026-03-02&to=2026-03-01", "bad-range"],
      ])
        assert.equal(json(await inject("GET", `/api/v1/stats/resolutions?${bad}`)).code, code, bad);
    });

    it("an imported record's page shows the import", async () => {
      await importLines([JSON.stringify({ urn: "urn:example:imported-1", status: "active" })]);
      const page = await inject("GET", "/record/urn:example:imported-1", undefined, {});
      assert.doesNotMatch(page.body, /No history recorded/);
      assert.match(page.body, /urn\.import|[Ii]mport/);
    });

    it("/inspect stays linear: 1,356 look-alikes in one URN", async () => {
      const urn = `urn:example:${"%D0%B0".repeat(1356)}`;
      const r = await inject("GET", `/inspect?urn=${encodeURIComponent(urn)}`, undefined, {});
      assert.equal(r.statusCode, 200);
      assert.ok(r.body.length < 40 * urn.length, `${r.body.length} bytes for ${urn.length}`);
    });
  });
}
