// The web UI's pages for organisations and prefixes, on every engine: the registrar page per
// prefix (mint, reserve, register; the organisation's reservations and records) and the admin
// pages (namespaces, organisations, prefixes, tokens). Forms go through the same actions and
// validation as the API: a registrar of A cannot write under B's prefix from a form either.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { issueToken } from "../../src/registry/tokens.js";
import { engines } from "../engines.js";
import { organisationWithPrefix } from "../prefix-setup.js";
import { suiteRegistry } from "../served-registry.js";
import { skippedWhen } from "../skipped-when.js";
import { type Browser, signedIn } from "../ui-browser.js";

const actor = { tokenId: null };

for (const engine of engines)
  describe(`web UI: organisations and prefixes (${engine.name})`, () => {
    const { it, before } = skippedWhen(engine.skip);
    const served = suiteRegistry(engine, {
      seed: false,
      async setUp(s) {
        await s.namespaces.create({ nid: "example", local: true }, actor);
        await organisationWithPrefix(
          s,
          { id: "lib", name: "Library" },
          {
            prefix: "urn:example:lib-",
            nid: "example",
            naming: "[0-9]{6}[0-9X]",
            check: "mod11-2",
          },
        );
        await organisationWithPrefix(
          s,
          { id: "fac", name: "Faculty" },
          { prefix: "urn:example:fac-", nid: "example" },
        );
      },
    });
    let regA: string;
    before(async () => {
      regA = (await issueToken(served.h.store, { role: "registrar", organisation: "lib" }, actor))
        .token;
    });

    const csrfOf = async (b: Browser, url: string) => b.csrf(url);

    it("the registrar page lists the organisation's prefixes only, with its forms", async () => {
      const b = await signedIn(served.app, regA);
      const r = await b.get("/registrar/prefixes");
      assert.equal(r.statusCode, 200);
      assert.match(r.body, /<code>urn:example:lib-<\/code>/);
      assert.doesNotMatch(r.body, /urn:example:fac-/);
      assert.match(r.body, /action="\/registrar\/prefixes\/mint"/);
      assert.match(r.body, /action="\/registrar\/prefixes\/reserve"/);
      assert.match(r.body, /Organisation <strong>lib<\/strong>/);
      // Without a session: to the sign-in page.
      const anonymous = await served.app.inject({ url: "/registrar/prefixes" });
      assert.equal(anonymous.statusCode, 303);
      assert.equal(anonymous.headers.location, "/sign-in");
    });

    it("mints, reserves and registers from the forms; lists reservations and records", async () => {
      const b = await signedIn(served.app, regA);
      const csrf = await csrfOf(b, "/registrar/prefixes");
      const minted = await b.post("/registrar/prefixes/mint", {
        csrf,
        prefix: "urn:example:lib-",
        url: "https://lib.example/1",
      });
      assert.equal(minted.statusCode, 303, minted.body);
      // Number 000001 with its MOD 11-2 check character X (see the round-trip test).
      assert.equal(minted.headers.location, "/registrar/record/urn:example:lib-000001X");
      const reserved = await b.post("/registrar/prefixes/reserve", {
        csrf,
        prefix: "urn:example:lib-",
        count: "2",
      });
      assert.equal(reserved.statusCode, 303, reserved.body);
      const page = await b.get("/registrar/prefixes");
      assert.match(page.body, /Reserved 2: urn:example:lib-0000028 to urn:example:lib-0000036\./);
      const reservations = page.body.slice(page.body.indexOf('id="h-reservations"'));
      assert.match(reservations, /urn:example:lib-0000028<\/code><\/a> reserved/);
      assert.match(page.body, /id="h-records"[\s\S]*urn:example:lib-000001X/);
      const badCount = await b.post("/registrar/prefixes/reserve", {
        csrf,
        prefix: "urn:example:lib-",
        count: "5000",
      });
      assert.equal(badCount.statusCode, 422);
      assert.match(badCount.body, /must be &lt;= 1000/);
      const registered = await b.post("/registrar/register", {
        csrf,
        urn: "urn:example:lib-abc",
        status: "active",
        url: "",
        mediaType: "",
        metadata: "",
      });
      assert.equal(registered.statusCode, 422);
      assert.match(registered.body, /naming policy/);
    });

    it("refuses a form write under another organisation's prefix, and a form without CSRF", async () => {
      const b = await signedIn(served.app, regA);
      const csrf = await csrfOf(b, "/registrar/prefixes");
      const other = await b.post("/registrar/prefixes/mint", { csrf, prefix: "urn:example:fac-" });
      assert.equal(other.statusCode, 403);
      assert.match(other.body, /belongs to organisation &quot;fac&quot;/);
      const forged = await b.post("/registrar/prefixes/reserve", {
        prefix: "urn:example:lib-",
        count: "1",
      });
      assert.equal(forged.statusCode, 403);
    });

    it("admin pages: only a server-wide admin; create an organisation, a prefix and a token", async () => {
      assert.equal((await (await signedIn(served.app, regA)).get("/admin")).statusCode, 403);
      const b = await signedIn(served.app, served.admin);
      const page = await b.get("/admin");
      assert.equal(page.statusCode, 200);
      for (const h2 of ["Namespaces", "Organisations", "Prefixes", "Tokens"])
        assert.match(page.body, new RegExp(`<h2 id="h-[a-z]+">${h2}</h2>`));
      const csrf = await csrfOf(b, "/admin");
      const org = await b.post("/admin/organisations", { csrf, id: "arc", name: "Archive" });
      assert.equal(org.statusCode, 303, org.body);
      const bad = await b.post("/admin/organisations", { csrf, id: "Not A Slug", name: "x" });
      assert.equal(bad.statusCode, 422);
      assert.match(bad.body, /\/id: must match pattern/);
      const prefix = await b.post("/admin/prefixes", {
        csrf,
        prefix: "urn:example:arc-",
        organisation: "arc",
        modes: ["resolver", "reservation"],
        check: "none",
        width: "4",
        urls: "archive.example\nhttps://archive.example/web/",
        naming: "",
        delegate: "",
      });
      assert.equal(prefix.statusCode, 303, prefix.body);
      const stored = await served.h.store.prefixes.get("urn:example:arc-");
      assert.deepEqual(
        [stored?.organisation, stored?.modes, stored?.width, stored?.urls],
        [
          "arc",
          ["resolver", "reservation"],
          4,
          ["archive.example", "https://archive.example/web/"],
        ],
      );
      const ns = await b.post("/admin/namespaces", { csrf, nid: "nbn" });
      assert.equal(ns.statusCode, 303, ns.body);
      assert.notEqual(await served.h.store.namespaces.get("nbn"), null);
      const token = await b.post("/admin/tokens", {
        csrf,
        role: "registrar",
        organisation: "arc",
        namespace: "",
        label: "",
      });
      assert.equal(token.statusCode, 201, token.body);
      const secret = /shown this once: <code>(urnkit_[A-Za-z0-9_-]+)<\/code>/.exec(token.body)?.[1];
      assert.ok(secret);
      // The token list shows the new token's grant (never the token itself).
      assert.match(token.body, /<td data-label="scope">organisation <code>arc<\/code><\/td>/);
      assert.equal(token.body.split(secret as string).length, 2, "the token appears once");
      const arc = await signedIn(served.app, secret as string);
      const own = await arc.get("/registrar/prefixes");
      assert.match(own.body, /<code>urn:example:arc-<\/code>/);
      // Deactivating the organisation ends its session.
      const cookie = arc.cookie;
      const off = await b.post("/admin/organisations/active", { csrf, id: "arc", active: "0" });
      assert.equal(off.statusCode, 303);
      const ended = await arc.get("/registrar/prefixes");
      assert.equal(ended.statusCode, 303);
      assert.equal(ended.headers.location, "/sign-in");
      // For good: reactivating the organisation does not revive the old session's cookie.
      const on = await b.post("/admin/organisations/active", { csrf, id: "arc", active: "1" });
      assert.equal(on.statusCode, 303);
      arc.cookie = cookie;
      const stillEnded = await arc.get("/registrar/prefixes");
      assert.equal(stillEnded.statusCode, 303);
      assert.equal(stillEnded.headers.location, "/sign-in");
      // The token itself works again, and signs in afresh.
      const again = await signedIn(served.app, secret as string);
      assert.equal((await again.get("/registrar/prefixes")).statusCode, 200);
    });
  });
