// Every route and status of the resolver and registry, run against every storage engine. Expected
// values come from RFC 8141 (§2.3.2 q-component copying, §3 equivalence), RFC 2169 / RFC 2483
// (services, text/uri-list) and RFC 9457 (problem details).

import assert from "node:assert/strict";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { registrationTemplate } from "../fixtures/registration-template.js";
import { postImport } from "../post-import.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };

for (const engine of engines) {
  describe(`HTTP (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let admin: string;
    let registrar: string;
    let reader: string;
    let otherScope: string;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
    const send = (
      method: "POST" | "PUT" | "PATCH" | "DELETE",
      url: string,
      token: string | null,
      payload?: unknown,
    ) => app.inject({ method, url, headers: token ? auth(token) : {}, payload: payload as object });
    const json = (r: { body: string }) => JSON.parse(r.body);

    before(async () => {
      h = await engine.open();
      app = await buildServer({ store: h.store });
      admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
      const ns = await send("POST", "/api/v1/namespaces", admin, {
        nid: "example",
        local: true,
        mint: { prefix: "m-", width: 5, check: "mod11-2" },
        delegate: [{ prefix: "urn:example:far:", url: "https://far.example/resolve/{urn}" }],
      });
      assert.equal(ns.statusCode, 201, ns.body);
      await send("POST", "/api/v1/namespaces", admin, {
        nid: "other-ns",
        local: true,
        redirectStatus: 307,
        maxAge: 30,
      });
      registrar = (await issueToken(h.store, { role: "registrar", namespace: "example" }, actor))
        .token;
      reader = (await issueToken(h.store, { role: "reader" }, actor)).token;
      otherScope = (await issueToken(h.store, { role: "registrar", namespace: "other-ns" }, actor))
        .token;
      const mk = async (
        urn: string,
        status: string,
        locators: object[] = [],
        metadata: object | null = null,
      ) => {
        const r = await send("POST", "/api/v1/urns", registrar, {
          urn,
          status,
          locators,
          metadata,
        });
        assert.equal(r.statusCode, 201, r.body);
      };
      await mk(
        "urn:example:book-1",
        "active",
        [
          { url: "https://a.example/book-1", priority: 1 },
          { url: "https://b.example/book-1?lang=en", priority: 5 },
        ],
        { title: "Book one" },
      );
      await mk("urn:example:a%2Fb", "active", [{ url: "https://a.example/slash" }]);
      await mk("urn:example:old", "active", [{ url: "https://a.example/old" }]);
      await mk("urn:example:gone", "active", [{ url: "https://a.example/gone" }]);
      await mk("urn:example:later", "reserved");
      await mk("urn:example:bare", "active");
      assert.equal(
        (
          await send("POST", "/api/v1/urns/urn:example:old/deactivate", registrar, {
            reason: "replaced",
            successor: "urn:example:book-1",
          })
        ).statusCode,
        200,
      );
      assert.equal(
        (
          await send("POST", "/api/v1/urns/urn:example:gone/deactivate", registrar, {
            reason: "withdrawn",
          })
        ).statusCode,
        200,
      );
      const o = await send("POST", "/api/v1/urns", otherScope, {
        urn: "urn:other-ns:x",
        status: "active",
        locators: [{ url: "https://o.example/x" }],
      });
      assert.equal(o.statusCode, 201, o.body);
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    describe("GET /{urn}", () => {
      it("303 to the best locator: highest priority first", async () => {
        const r = await get("/urn:example:book-1");
        assert.equal(r.statusCode, 303);
        assert.equal(r.headers.location, "https://b.example/book-1?lang=en");
        assert.match(String(r.headers["cache-control"]), /max-age=300/);
      });

      it("equivalent spellings resolve alike (RFC 8141 §3.1: case of urn and NID, %hh case)", async () => {
        for (const spelling of [
          "/URN:example:book-1",
          "/urn:EXAMPLE:book-1",
          "/Urn:Example:book-1",
        ]) {
          const r = await get(spelling);
          assert.equal(r.statusCode, 303, spelling);
          assert.equal(r.headers.location, "https://b.example/book-1?lang=en");
        }
        for (const spelling of ["/urn:example:a%2Fb", "/urn:example:a%2fb"]) {
          const r = await get(spelling);
          assert.equal(r.headers.location, "https://a.example/slash", spelling);
        }
        // %2F is not "/": percent-encoding is never decoded for equivalence.
        assert.equal((await get("/urn:example:a/b")).statusCode, 404);
      });

      it("copies the q-component into the locator's query, after & when it has one (§2.3.2)", async () => {
        const r = await get("/urn:example:book-1?=page=7");
        assert.equal(r.headers.location, "https://b.example/book-1?lang=en&page=7");
        const s = await get("/urn:example:a%2Fb?=x=1");
        assert.equal(s.headers.location, "https://a.example/slash?x=1");
        const t = await get("/urn:example:book-1?+s=I2L?=page=7");
        assert.equal(t.headers.location, "https://b.example/book-1?lang=en&page=7");
      });

      it("an HTTP/1.0 client gets 302, which it knows, instead of 303 (RFC 2169 §2)", async () => {
        const address = await app.listen({ port: 0, host: "127.0.0.1" });
        try {
          const { connect } = await import("node:net");
          const url = new URL(address);
          const head = await new Promise<string>((resolve, reject) => {
            const socket = connect(Number(url.port), url.hostname);
            let data = "";
            socket.on("data", (d) => {
              data += d;
            });
            socket.on("end", () => resolve(data));
            socket.on("error", reject);
            socket.write("GET /urn:example:book-1 HTTP/1.0\r\n\r\n");
          });
          assert.match(head, /^HTTP\/1\.1 302 /);
          assert.match(head, /\r\nlocation: https:\/\/b\.example\/book-1\?lang=en\r\n/i);
        } finally {
          await app.close();
          app = await buildServer({ store: h.store });
        }
      });

      it("HEAD answers like GET without a body", async () => {
        const r = await app.inject({ method: "HEAD", url: "/urn:example:book-1" });
        assert.equal(r.statusCode, 303);
        assert.equal(r.body, "");
      });

      it("Accept: application/json gives the record with ETag and Cache-Control", async () => {
        const r = await get("/urn:example:book-1", { accept: "application/json" });
        assert.equal(r.statusCode, 200);
        assert.match(String(r.headers["content-type"]), /^application\/json/);
        assert.equal(json(r).urn, "urn:example:book-1");
        assert.equal(json(r).status, "active");
        assert.ok(r.headers.etag);
        assert.match(String(r.headers["cache-control"]), /max-age=/);
        const again = await get("/urn:example:book-1", {
          accept: "application/json",
          "if-none-match": String(r.headers.etag),
        });
        assert.equal(again.statusCode, 304);
      });

      it("a browser's Accept still gets the redirect; q-values decide", async () => {
        const browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        assert.equal((await get("/urn:example:book-1", { accept: browser })).statusCode, 303);
        const r = await get("/urn:example:book-1", { accept: "text/html;q=0.5, application/json" });
        assert.equal(r.statusCode, 200);
      });

      it("Accept: text/uri-list lists active locators, first line a # comment with the URN", async () => {
        const r = await get("/urn:example:book-1", { accept: "text/uri-list" });
        assert.equal(r.statusCode, 200);
        assert.match(String(r.headers["content-type"]), /^text\/uri-list/);
        assert.equal(
          r.body,
          "# urn:example:book-1\r\nhttps://b.example/book-1?lang=en\r\nhttps://a.example/book-1\r\n",
        );
      });

      it("deactivated with a successor: 301 to it", async () => {
        const r = await get("/urn:example:old");
        assert.equal(r.statusCode, 301);
        assert.equal(r.headers.location, "/urn:example:book-1");
      });

      it("deactivated without a successor: 410 tombstone, HTML or JSON by Accept", async () => {
        const html = await get("/urn:example:gone", { accept: "text/html" });
        assert.equal(html.statusCode, 410);
        assert.match(html.body, /withdrawn/);
        assert.match(String(html.headers["content-type"]), /^text\/html/);
        const j = await get("/urn:example:gone", { accept: "application/json" });
        assert.equal(j.statusCode, 410);
        assert.equal(json(j).reason, "withdrawn");
        assert.ok(json(j).deactivated);
      });

      it("reserved: 404 saying so; unknown: 404; active without locators: 404", async () => {
        const r = await get("/urn:example:later");
        assert.equal(r.statusCode, 404);
        assert.equal(json(r).code, "reserved");
        assert.equal(json(await get("/urn:example:nothing")).code, "unknown-urn");
        assert.equal(json(await get("/urn:example:bare")).code, "no-locator");
        assert.match(
          String((await get("/urn:example:nothing")).headers["content-type"]),
          /^application\/problem\+json/,
        );
      });

      it("malformed: 400 with the UrnSyntaxError code and index", async () => {
        const r = await get("/urn:example:%zz");
        assert.equal(r.statusCode, 400);
        assert.equal(json(r).code, "bad-percent-encoding");
        assert.equal(json(r).index, 12);
        assert.equal(json(r).status, 400);
        const n = await get("/urn:a:b");
        assert.equal(json(n).code, "nid-too-short");
        assert.equal(json(n).index, 4);
      });

      it("a delegated NSS prefix: 302 to the delegate's URL template", async () => {
        const r = await get("/urn:example:far:123");
        assert.equal(r.statusCode, 302);
        assert.equal(r.headers.location, "https://far.example/resolve/urn:example:far:123");
      });

      it("the namespace's redirect status and max-age apply", async () => {
        const r = await get("/urn:other-ns:x");
        assert.equal(r.statusCode, 307);
        assert.match(String(r.headers["cache-control"]), /max-age=30\b/);
      });

      it("s= in the r-component selects a service; an unknown one falls back to the default", async () => {
        const c = await get("/urn:example:book-1?+s=I2C");
        assert.equal(c.statusCode, 200);
        assert.deepEqual(json(c).metadata, { title: "Book one" });
        assert.equal(
          (await get("/urn:example:book-1?+s=I2Ls")).body.split("\r\n")[0],
          "# urn:example:book-1?+s=I2Ls",
        );
        assert.equal((await get("/urn:example:book-1?+s=nonsense")).statusCode, 303);
        // A keyword given twice is ignored (draft-03 §2.3).
        assert.equal((await get("/urn:example:book-1?+s=I2C&s=I2Ls")).statusCode, 303);
      });

      it("/ and other non-URN paths are not resolution (free for a UI)", async () => {
        for (const path of ["/", "/about-urnkit"]) {
          const r = await get(path);
          // Whatever a UI plugin answers there, it is never a resolution outcome.
          assert.ok(![301, 302, 303, 307, 410].includes(r.statusCode), path);
          if (String(r.headers["content-type"]).startsWith("application/problem+json"))
            assert.equal(json(r).code, "not-found", path);
        }
      });

      it("a URN over 8 KB: 414", async () => {
        const r = await get(`/urn:example:${"a".repeat(9000)}`);
        assert.equal(r.statusCode, 414);
      });
    });

    describe("/uri-res/", () => {
      it("N2L and I2L and N2R: 303", async () => {
        for (const s of ["N2L", "I2L", "N2R", "I2R"]) {
          const r = await get(`/uri-res/${s}?urn:example:book-1`);
          assert.equal(r.statusCode, 303, s);
          assert.equal(r.headers.location, "https://b.example/book-1?lang=en");
        }
      });
      it("N2Ls and I2Ls: text/uri-list", async () => {
        for (const s of ["N2Ls", "I2Ls"]) {
          const r = await get(`/uri-res/${s}?URN:EXAMPLE:book-1`);
          assert.equal(r.statusCode, 200);
          assert.equal(
            r.body,
            "# URN:EXAMPLE:book-1\r\nhttps://b.example/book-1?lang=en\r\nhttps://a.example/book-1\r\n",
          );
        }
      });
      it("N2C and I2C: metadata, negotiated", async () => {
        const r = await get("/uri-res/N2C?urn:example:book-1");
        assert.deepEqual(json(r).metadata, { title: "Book one" });
        const html = await get("/uri-res/I2C?urn:example:book-1", { accept: "text/html" });
        assert.match(html.body, /Book one/);
        assert.equal(
          (await get("/uri-res/N2C?urn:example:book-1", { accept: "image/png" })).statusCode,
          406,
        );
      });
      it("N2Ns and I2Ns: spellings and successor/predecessor links", async () => {
        const r = await get("/uri-res/N2Ns?urn:example:book-1");
        assert.equal(r.body, "# urn:example:book-1\r\nurn:example:old\r\n");
        const s = await get("/uri-res/I2Ns?urn:example:old");
        assert.equal(s.body, "# urn:example:old\r\nurn:example:book-1\r\n");
        const spelled = await get("/uri-res/I2Ns?URN:EXAMPLE:book-1");
        assert.ok(spelled.body.includes("\r\nurn:example:book-1\r\n"));
      });
      it("any other service: 501 problem", async () => {
        for (const s of ["N2Rs", "I2N", "I=I", "L2N", "foo"]) {
          const r = await get(`/uri-res/${encodeURIComponent(s)}?urn:example:book-1`);
          assert.equal(r.statusCode, 501, s);
          assert.equal(json(r).code, "service-not-implemented");
        }
      });
      it("a missing or malformed URN: 400", async () => {
        assert.equal((await get("/uri-res/N2L")).statusCode, 400);
        assert.equal((await get("/uri-res/N2L?urn:x:y")).statusCode, 400);
      });
    });

    describe("/api/v1/urns", () => {
      it("an equivalent URN, in any status: 409 naming the existing record", async () => {
        for (const urn of [
          "URN:EXAMPLE:book-1",
          "urn:example:old",
          "urn:example:gone",
          "urn:example:LATER".replace("LATER", "later"),
        ]) {
          const r = await send("POST", "/api/v1/urns", registrar, { urn, status: "active" });
          assert.equal(r.statusCode, 409, urn);
          assert.ok(json(r).existing.startsWith("urn:example:"));
        }
        const r = await send("POST", "/api/v1/urns", admin, {
          urn: "urn:example:a%2fb",
          status: "reserved",
        });
        assert.equal(json(r).existing, "urn:example:a%2Fb");
      });
      /** POST /api/v1/urns of `body` by the admin: refused with `status` (and that first issue). */
      const refused = async (body: object, status: number, issue?: string) => {
        const r = await send("POST", "/api/v1/urns", admin, body);
        assert.equal(r.statusCode, status, JSON.stringify(body));
        if (issue !== undefined) assert.equal(json(r).issues[0].code, issue);
      };
      it("422 for a URN outside served namespaces or with components", async () => {
        await refused({ urn: "urn:nowhere:x", status: "active" }, 422);
        await refused({ urn: "urn:example:x?=q", status: "active" }, 422);
        await refused({ urn: "urn:example:%zz", status: "active" }, 422, "bad-percent-encoding");
      });
      it("400 for wrong body types, 422 for non-http locators", async () => {
        await refused({ urn: ["urn:example:t"], status: "active" }, 400);
        await refused({ urn: "urn:example:t", status: "gone" }, 400);
        const locators = [{ url: "javascript:alert(1)" }];
        await refused({ urn: "urn:example:t", status: "active", locators }, 422);
      });
      it("GET by any spelling, PATCH, activate, and DELETE is 405", async () => {
        const g = await get("/api/v1/urns/URN:Example:book-1");
        assert.equal(json(g).urn, "urn:example:book-1");
        assert.equal(
          json(await get("/api/v1/urns/urn%3Aexample%3Aa%252Fb")).urn,
          "urn:example:a%2Fb",
        );
        assert.equal((await get("/api/v1/urns/urn:example:none")).statusCode, 404);
        const p = await send("PATCH", "/api/v1/urns/urn:example:bare", registrar, {
          locators: [{ url: "https://c.example/bare" }],
          metadata: { x: 1 },
        });
        assert.equal(p.statusCode, 200);
        assert.equal((await get("/urn:example:bare")).headers.location, "https://c.example/bare");
        const a = await send("POST", "/api/v1/urns/urn:example:later/activate", registrar);
        assert.equal(json(a).status, "active");
        const again = await send("POST", "/api/v1/urns/urn:example:gone/activate", registrar);
        assert.equal(again.statusCode, 409);
        const d = await send("DELETE", "/api/v1/urns/urn:example:book-1", admin);
        assert.equal(d.statusCode, 405);
        assert.match(json(d).detail, /never deleted/);
        assert.equal(
          (await send("POST", "/api/v1/urns/urn:example:book-1/frobnicate", admin, {})).statusCode,
          404,
        );
        assert.equal(
          (await send("POST", "/api/v1/urns/urn:example:bare/deactivate", admin, {})).statusCode,
          422,
        );
      });
      it("check reports on a URN", async () => {
        const r = json(await get("/api/v1/check?urn=urn:example:a%2fb"));
        assert.equal(r.valid, true);
        assert.equal(r.equivalenceKey, "urn:example:a%2Fb");
        assert.equal(json(await get("/api/v1/check?urn=urn:x")).valid, false);
      });
    });

    describe("/api/v1/namespaces", () => {
      it("lists, reads, revises templates, and refuses duplicates", async () => {
        assert.ok(
          json(await get("/api/v1/namespaces")).some((n: { nid: string }) => n.nid === "example"),
        );
        assert.equal((await get("/api/v1/namespaces/EXAMPLE")).statusCode, 200);
        assert.equal((await get("/api/v1/namespaces/unknown")).statusCode, 404);
        assert.equal(
          (await send("POST", "/api/v1/namespaces", admin, { nid: "Example", local: true }))
            .statusCode,
          409,
        );
        const put = await send("PUT", "/api/v1/namespaces/example", admin, {
          template: registrationTemplate("example", 2),
        });
        assert.equal(put.statusCode, 200, put.body);
        assert.equal(json(put).templateRevision, 2);
        assert.deepEqual(json(put).warnings, []);
        assert.equal(json(await get("/api/v1/namespaces/example/templates")).length, 2);
      });
      it("a template missing fields RFC 8141 Appendix A requires: 422 listing every issue", async () => {
        // Interoperability (§6.4.5) and Resolution (§6.4.6) MUST be specified.
        const template = registrationTemplate("example", 3)
          .replace(/^Interoperability:.*\n/m, "")
          .replace(/^Resolution:.*\n/m, "");
        for (const r of [
          await send("PUT", "/api/v1/namespaces/example", admin, { template }),
          await send("POST", "/api/v1/namespaces", admin, {
            nid: "tpl-bad",
            local: true,
            template,
          }),
        ]) {
          assert.equal(r.statusCode, 422, r.body);
          assert.equal(r.headers["content-type"], "application/problem+json; charset=utf-8");
          const body = json(r);
          assert.equal(body.code, "invalid-template");
          assert.deepEqual(
            body.issues.map((i: { code: string; message: string }) => [
              i.code,
              i.message.split('"')[1],
            ]),
            [
              ["template-missing-field", "Interoperability"],
              ["template-missing-field", "Resolution"],
            ],
          );
        }
        assert.equal(json(await get("/api/v1/namespaces/example")).templateRevision, 2);
        assert.equal((await get("/api/v1/namespaces/tpl-bad")).statusCode, 404);
      });
      it("a template's warnings come back with the 201", async () => {
        // Revision Information applies only to Versions above 1 (RFC 8141 Appendix A).
        const template = `${registrationTemplate("tpl-warn")}Revision Information: none yet\n`;
        const r = await send("POST", "/api/v1/namespaces", admin, {
          nid: "tpl-warn",
          local: true,
          template,
        });
        assert.equal(r.statusCode, 201, r.body);
        assert.deepEqual(
          json(r).warnings.map((w: { code: string; severity: string }) => [w.code, w.severity]),
          [["template-revision-unexpected", "warning"]],
        );
        assert.equal(json(r).template, template);
      });
      it("a NID that is not registered must be marked local", async () => {
        const r = await send("POST", "/api/v1/namespaces", admin, { nid: "x-private" });
        assert.equal(r.statusCode, 422);
        assert.equal(
          json(await send("POST", "/api/v1/namespaces", admin, { nid: "-bad" })).code,
          "invalid-nid",
        );
        // "ab:cd" is no NID, though "urn:ab:cd:x" is a URN (with NID "ab"); local or not.
        const colon = await send("POST", "/api/v1/namespaces", admin, {
          nid: "ab:cd",
          local: true,
        });
        assert.equal(colon.statusCode, 422);
        assert.equal(json(colon).code, "invalid-nid");
      });
      it("the registry snapshot lists the local namespaces", async () => {
        const r = json(await get("/api/v1/registry/namespaces"));
        assert.ok(
          r.iana.entries.some((e: { nid?: string; name?: string }) => (e.nid ?? e.name) === "isbn"),
          JSON.stringify(r.iana.entries[0]),
        );
        assert.ok(r.local.some((n: { nid: string }) => n.nid === "other-ns"));
      });
    });

    describe("a registered namespace with its own rules (urn:isbn)", () => {
      it("is served without being local, keys records namespace-aware and checks its rules", async () => {
        const ns = await send("POST", "/api/v1/namespaces", admin, { nid: "ISBN" });
        assert.equal(ns.statusCode, 201, ns.body);
        const r = await send("POST", "/api/v1/urns", admin, {
          urn: "urn:isbn:0-395-36341-1",
          status: "active",
          locators: [{ url: "https://books.example/0395363411" }],
        });
        assert.equal(r.statusCode, 201, r.body);
        // ISBN-10 0-395-36341-1 and ISBN-13 978-0-395-36341-6 name the same book (RFC 8254).
        const dup = await send("POST", "/api/v1/urns", admin, {
          urn: "urn:isbn:978-0-395-36341-6",
          status: "active",
        });
        assert.equal(dup.statusCode, 409);
        assert.equal(json(dup).existing, "urn:isbn:0-395-36341-1");
        const spelled = await get("/URN:ISBN:0395363411");
        assert.equal(spelled.statusCode, 303);
        assert.equal(spelled.headers.location, "https://books.example/0395363411");
        const names = await get("/uri-res/I2Ns?urn:isbn:0395363411");
        assert.equal(names.body, "# urn:isbn:0395363411\r\nurn:isbn:0-395-36341-1\r\n");
        const bad = await send("POST", "/api/v1/urns", admin, {
          urn: "urn:isbn:0-395-36341-2",
          status: "active",
        });
        assert.equal(bad.statusCode, 422);
        assert.equal(json(bad).issues[0].code, "isbn-check-digit");
      });
    });

    describe("delegation to another resolver", () => {
      it("urn:nbn:de: goes to the German resolver, in any spelling the NBN rules make equivalent", async () => {
        const ns = await send("POST", "/api/v1/namespaces", admin, {
          nid: "nbn",
          delegate: [
            { prefix: "URN:NBN:de:", url: "https://nbn-resolving.org/{urn}" },
            { prefix: "urn:nbn:fi", url: "https://urn.fi/{urn}" },
          ],
        });
        assert.equal(ns.statusCode, 201, ns.body);
        assert.equal(json(ns).delegate[0].prefix, "urn:nbn:de:");
        for (const urn of ["urn:nbn:de:bvb:19-146642", "URN:NBN:DE:BVB:19-146642"]) {
          const r = await get(`/${urn}`);
          assert.equal(r.statusCode, 302, urn);
          assert.equal(r.headers.location, `https://nbn-resolving.org/${urn}`);
        }
        assert.equal(
          (await get("/urn:nbn:fi-fe2010")).headers.location,
          "https://urn.fi/urn:nbn:fi-fe2010",
        );
        // Not delegated and not registered here.
        assert.equal(json(await get("/urn:nbn:se:kb-1")).code, "unknown-urn");
        const bad = await send("POST", "/api/v1/namespaces", admin, {
          nid: "x-del",
          local: true,
          delegate: [{ prefix: "urn:other:", url: "https://x.example/{urn}" }],
        });
        assert.equal(json(bad).code, "bad-delegate");
      });
    });

    describe("minting", () => {
      it("mints prefix + zero-padded number + MOD 11-2 check character", async () => {
        const r = await send("POST", "/api/v1/namespaces/example/mint", registrar, {
          status: "active",
          locators: [{ url: "https://m.example/1" }],
        });
        assert.equal(r.statusCode, 201);
        // ISO 7064 MOD 11-2 of "00001": p goes 0,0,0,0,(0+1)*2=2 → (12-2)%11 = 10 → "X".
        assert.equal(json(r).urn, "urn:example:m-00001X");
        assert.equal(json(r).status, "active");
      });
      it("50 concurrent mints give 50 distinct URNs", async () => {
        const address = await app.listen({ port: 0, host: "127.0.0.1" });
        try {
          const results = await Promise.all(
            Array.from({ length: 50 }, () =>
              fetch(`${address}/api/v1/namespaces/example/mint`, {
                method: "POST",
                headers: { ...auth(registrar), "content-type": "application/json" },
                body: "{}",
              }).then(async (r) => ({
                status: r.status,
                body: (await r.json()) as { urn: string },
              })),
            ),
          );
          assert.ok(results.every((r) => r.status === 201));
          assert.equal(new Set(results.map((r) => r.body.urn)).size, 50);
        } finally {
          await app.close();
          app = await buildServer({ store: h.store });
        }
      });
      it("a namespace without a policy: 409", async () => {
        assert.equal(
          (await send("POST", "/api/v1/namespaces/other-ns/mint", admin, {})).statusCode,
          409,
        );
      });
    });

    describe("tokens and scope", () => {
      const writes: [method: "POST" | "PUT" | "PATCH", url: string, body: unknown][] = [
        ["POST", "/api/v1/urns", { urn: "urn:example:w1", status: "active" }],
        ["PATCH", "/api/v1/urns/urn:example:book-1", { metadata: { t: 1 } }],
        ["POST", "/api/v1/urns/urn:example:book-1/deactivate", { reason: "x" }],
        ["POST", "/api/v1/urns/urn:example:book-1/activate", {}],
        ["POST", "/api/v1/namespaces/example/mint", {}],
        ["PUT", "/api/v1/namespaces/example", { template: "t" }],
        ["POST", "/api/v1/namespaces", { nid: "new-ns", local: true }],
        ["POST", "/api/v1/tokens", { role: "reader" }],
      ];
      it("every write route refuses a missing or wrong token (401) and out-of-scope or weak ones (403)", async () => {
        for (const [method, url, body] of writes) {
          const none = await send(method, url, null, body);
          assert.equal(none.statusCode, 401, `${method} ${url} without token`);
          assert.match(String(none.headers["www-authenticate"]), /^Bearer/);
          assert.equal(
            (await send(method, url, "urnkit_wrong", body)).statusCode,
            401,
            `${method} ${url} wrong`,
          );
          assert.equal(
            (await send(method, url, otherScope, body)).statusCode,
            403,
            `${method} ${url} other scope`,
          );
          assert.equal(
            (await send(method, url, reader, body)).statusCode,
            403,
            `${method} ${url} reader`,
          );
        }
        assert.equal((await postImport(app, null, "")).response.statusCode, 401);
        assert.equal((await postImport(app, reader, "")).response.statusCode, 403);
      });
      it("an admin creates tokens; the audit log names the token", async () => {
        const r = await send("POST", "/api/v1/tokens", admin, { role: "reader", label: "ci" });
        assert.equal(r.statusCode, 201);
        assert.match(json(r).token, /^urnkit_/);
        const audit = json(await get("/api/v1/audit?limit=5", auth(admin)));
        assert.equal(audit[0].action, "token.create");
        assert.equal(typeof audit[0].tokenId, "number");
        assert.equal((await get("/api/v1/audit", auth(reader))).statusCode, 403);
      });
      it("the audit log filtered by target: only that URN's rows, newest first", async () => {
        const urn = "urn:example:audited";
        assert.equal(
          (await send("POST", "/api/v1/urns", registrar, { urn, status: "active" })).statusCode,
          201,
        );
        await send("POST", "/api/v1/urns", registrar, {
          urn: "urn:example:unaudited",
          status: "active",
        });
        await send("PATCH", `/api/v1/urns/${urn}`, registrar, { metadata: { t: 1 } });
        await send("POST", `/api/v1/urns/${urn}/deactivate`, registrar, { reason: "test" });
        const rows = json(await get(`/api/v1/audit?target=${urn}`, auth(admin)));
        assert.deepEqual(
          rows.map((r: { action: string; target: string }) => [r.action, r.target]),
          [
            ["urn.deactivate", urn],
            ["urn.update", urn],
            ["urn.create", urn],
          ],
        );
        const older = json(
          await get(`/api/v1/audit?target=${urn}&limit=1&before=${rows[0].id}`, auth(admin)),
        );
        assert.deepEqual(
          older.map((r: { action: string }) => r.action),
          ["urn.update"],
        );
        assert.deepEqual(
          json(await get("/api/v1/audit?target=urn:example:never", auth(admin))),
          [],
        );
      });
      it("a revoked token is refused from then on (RFC 6750 invalid_token)", async () => {
        const created = json(
          await send("POST", "/api/v1/tokens", admin, { role: "registrar", namespace: "example" }),
        );
        const body = { urn: "urn:example:by-revoked", status: "reserved" };
        assert.equal(
          (await send("DELETE", `/api/v1/tokens/${created.id}`, registrar)).statusCode,
          403,
        );
        const revoked = await send("DELETE", `/api/v1/tokens/${created.id}`, admin);
        assert.equal(revoked.statusCode, 200, revoked.body);
        assert.equal(json(revoked).id, created.id);
        const refused = await send("POST", "/api/v1/urns", created.token, body);
        assert.equal(refused.statusCode, 401);
        assert.match(String(refused.headers["www-authenticate"]), /error="invalid_token"/);
        assert.equal((await send("DELETE", `/api/v1/tokens/${created.id}`, admin)).statusCode, 404);
        const audit = json(await get(`/api/v1/audit?target=token:${created.id}`, auth(admin)));
        assert.deepEqual(
          audit.map((r: { action: string; target: string }) => [r.action, r.target]),
          [
            ["token.revoke", `token:${created.id}`],
            ["token.create", `token:${created.id}`],
          ],
        );
        // A NID spelled like the token's id has rows of its own, never the token's.
        assert.deepEqual(json(await get(`/api/v1/audit?target=${created.id}`, auth(admin))), []);
      });
    });

    describe("import and export", () => {
      it("imports NDJSON with per-line errors; re-import changes nothing", async () => {
        const file = [
          JSON.stringify({
            urn: "urn:example:imp-1",
            status: "active",
            locators: [{ url: "https://i.example/1" }],
          }),
          "{broken",
          JSON.stringify({
            urn: "urn:example:imp-2",
            status: "deactivated",
            reason: "old",
            successors: ["urn:example:imp-1"],
          }),
          JSON.stringify({ urn: "urn:example:imp-3", status: 7 }),
          JSON.stringify({ urn: "urn:other-ns:imp", status: "active" }),
        ].join("\n");
        const run = async (token: string) => (await postImport(app, token, file)).events;
        const first = await run(registrar);
        assert.deepEqual(
          first.filter((e) => "line" in e).map((e) => [e.line, e.code]),
          [
            [2, "invalid-json"],
            [4, "invalid-record"],
            [5, "out-of-scope"],
          ],
        );
        assert.deepEqual(first.at(-1), {
          done: true,
          lines: 5,
          created: 2,
          unchanged: 0,
          errors: 3,
        });
        const second = await run(registrar);
        assert.deepEqual(second.at(-1), {
          done: true,
          lines: 5,
          created: 0,
          unchanged: 2,
          errors: 3,
        });
        assert.equal((await get("/urn:example:imp-2")).headers.location, "/urn:example:imp-1");
      });
      it("export streams every record as NDJSON and needs a token", async () => {
        assert.equal((await get("/api/v1/export")).statusCode, 401);
        const r = await get("/api/v1/export", auth(reader));
        assert.equal(r.statusCode, 200);
        const lines = r.body
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l));
        // The namespace's minting policy is a prefix of local-registry: those two lines come first.
        assert.deepEqual(lines.slice(0, 2), [
          { organisation: await h.store.organisations.get("local-registry") },
          { prefix: await h.store.prefixes.get("urn:example:m-") },
        ]);
        assert.equal(lines.length - 2, await h.store.records.count());
        assert.ok(
          lines.some(
            (l) => l.urn === "urn:example:old" && l.successors[0] === "urn:example:book-1",
          ),
        );
      });
      it("import wants NDJSON: 415 otherwise", async () => {
        const r = await send("POST", "/api/v1/import", admin, { urn: "urn:example:j" });
        assert.equal(r.statusCode, 415);
      });
    });

    describe("operations", () => {
      it("healthz, readyz, metrics, openapi", async () => {
        assert.equal(json(await get("/healthz")).status, "ok");
        assert.equal(json(await get("/readyz")).status, "ready");
        await get("/urn:example:book-1");
        const m = await get("/metrics");
        assert.match(
          m.body,
          /urnkit_http_requests_total\{method="GET",route="\/\{urn\}",status="303"\}/,
        );
        assert.match(m.body, /urnkit_resolutions_total\{outcome="redirect"\}/);
        assert.match(m.body, /urnkit_http_request_duration_seconds_bucket\{le="\+Inf"\}/);
        const doc = json(await get("/openapi.json"));
        assert.equal(doc.openapi, "3.1.0");
        for (const path of [
          "/{urn}",
          "/uri-res/{service}",
          "/api/v1/urns",
          "/api/v1/urns/{urn}",
          "/api/v1/import",
          "/api/v1/export",
        ])
          assert.ok(doc.paths[path], path);
        // Every operation has a response schema for its errors.
        for (const ops of Object.values(doc.paths) as Record<
          string,
          { responses: Record<string, unknown> }
        >[])
          for (const op of Object.values(ops)) assert.ok(op.responses["4XX"]);
      });
      it("readyz is 503 when the database does not answer", async () => {
        const other = await engine.open();
        const lonely = await buildServer({ store: other.store });
        try {
          await other.store.close();
          const r = await lonely.inject({ url: "/readyz" });
          assert.equal(r.statusCode, 503);
          assert.equal(JSON.parse(r.body).code, "not-ready");
        } finally {
          await lonely.close();
          await other.close();
        }
      });

      it("resolution counts per namespace and day", async () => {
        const counts = json(await get("/api/v1/stats/resolutions?nid=example"));
        assert.ok(counts.items[0].count > 0);
        assert.equal(counts.items[0].day, new Date().toISOString().slice(0, 10));
        assert.equal(counts.next, null);
      });
      it("a JSON body over 1 MB: 413; broken JSON: 400", async () => {
        const big = await send("POST", "/api/v1/urns", admin, {
          urn: "urn:example:big",
          status: "active",
          metadata: { x: "a".repeat(1100000) },
        });
        assert.equal(big.statusCode, 413);
        const broken = await app.inject({
          method: "POST",
          url: "/api/v1/urns",
          headers: { "content-type": "application/json", ...auth(admin) },
          payload: '{"urn": ',
        });
        assert.equal(broken.statusCode, 400);
        assert.match(String(broken.headers["content-type"]), /problem\+json/);
      });
    });
  });
}
