// The web UI over HTTP, without a browser: every page renders without JavaScript, statuses are
// right, registrar forms refuse a missing or foreign CSRF token, and the API token never shows
// up in a URL, a page or a log line. Expected values come from RFC 8141 (§2 syntax, §3.2's
// look-alike example, §4.4 display) and the ISBN check digit rule (ISO 2108).

import assert from "node:assert/strict";
import { Writable } from "node:stream";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, sqlite } from "../engines.js";
import { Browser, signedIn as signInWith } from "../ui-browser.js";

const actor = { tokenId: null };

describe("web UI pages", () => {
  let h: EngineHandle;
  let app: FastifyInstance;
  let admin: string;
  let reader: string;
  let otherScope: string;
  const logs: string[] = [];

  before(async () => {
    h = await sqlite.open();
    await seedExample(h.store);
    const stream = new Writable({
      write(chunk, _enc, done) {
        logs.push(String(chunk));
        done();
      },
    });
    app = await buildServer({ store: h.store, logger: { level: "trace", stream } });
    admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
    reader = (await issueToken(h.store, { role: "reader" }, actor)).token;
    await h.store.namespaces.create({ nid: "other-ns", local: true }, actor);
    otherScope = (await issueToken(h.store, { role: "registrar", namespace: "other-ns" }, actor))
      .token;
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  const signedIn = (token: string) => signInWith(app, token);

  describe("public pages, no JavaScript needed", () => {
    it("home: one box that resolves or inspects, and the namespaces served here", async () => {
      const r = await new Browser(app).get("/");
      assert.equal(r.statusCode, 200);
      assert.match(String(r.headers["content-type"]), /^text\/html/);
      assert.match(r.body, /<form class="urn-form" method="get" action="\/go">/);
      assert.match(r.body, /<label for="urn">URN<\/label>/);
      assert.match(r.body, /value="resolve"/);
      assert.match(r.body, /value="inspect"/);
      assert.match(r.body, /href="\/namespaces\/example"><code>urn:example:<\/code>/);
      assert.match(r.body, /<a class="skip" href="#main">/);
      assert.match(String(r.headers["content-security-policy"]), /script-src 'self'/);
    });

    it("the box resolves an active URN through resolution, and sends bad input to the inspector", async () => {
      const b = new Browser(app);
      const ok = await b.get("/go?urn=urn%3Aexample%3Areport-2024&do=resolve");
      assert.equal(ok.statusCode, 303);
      assert.equal(ok.headers.location, "/urn:example:report-2024");
      const bad = await b.get("/go?urn=urn%3Aexample%3Aa+b&do=resolve");
      assert.equal(bad.headers.location, "/inspect?urn=urn%3Aexample%3Aa%20b");
      const reserved = await b.get("/go?urn=urn%3Aexample%3Areport-2025&do=resolve");
      assert.equal(reserved.headers.location, "/record/urn:example:report-2025");
      const unknown = await b.get("/go?urn=urn%3Aexample%3Anobody&do=resolve");
      assert.equal(unknown.statusCode, 404);
      assert.match(unknown.body, /<code>urn:example:nobody<\/code> is not registered here/);
      // The box keeps what was typed, and "Inspect it" is a link.
      assert.match(unknown.body, /id="urn" name="urn" type="text" value="urn:example:nobody"/);
      assert.match(unknown.body, /<a href="\/inspect\?urn=urn%3Aexample%3Anobody">Inspect it<\/a>/);
      const inspect = await b.get("/go?urn=urn%3Aexample%3Areport-2024&do=inspect");
      assert.equal(inspect.headers.location, "/inspect?urn=urn%3Aexample%3Areport-2024");
    });

    it("inspector: parts labelled, both verdicts, canonical form and keys", async () => {
      // From the form: "#" is sent encoded (a browser never sends a fragment).
      const r = await new Browser(app).get(
        `/inspect?urn=${encodeURIComponent("URN:Example:a%2cb?+r1?=q1#f1")}`,
      );
      assert.equal(r.statusCode, 200);
      const parts: [string, string][] = [
        ["scheme", "URN"],
        ["nid", "Example"],
        ["nss", "a%2cb"],
        ["r", "r1"],
        ["q", "q1"],
        ["f", "f1"],
      ];
      for (const [kind, text] of parts)
        assert.match(
          r.body,
          new RegExp(`part-${kind}"><span class="part-text">${text.replace("?", "\\?")}<`),
        );
      assert.match(r.body, /valid<\/span> under RFC 8141/);
      // RFC 2141 has no r-, q- or f-component.
      assert.match(r.body, /invalid<\/span> under RFC 2141/);
      // §3.1: "urn" and the NID lowercased, %hh hex uppercased; the key drops the components.
      assert.match(r.body, /Canonical form<\/dt><dd><code>urn:example:a%2Cb\?\+r1\?=q1#f1</);
      assert.match(r.body, /Equivalence key \(RFC 8141 §3.1\)<\/dt><dd><code>urn:example:a%2Cb</);
    });

    it("inspector: a form-encoded value is decoded once, a typed one taken verbatim", async () => {
      const typed = await new Browser(app).get("/inspect?urn=urn:example:a%2Cb");
      assert.match(typed.body, /value="urn:example:a%2Cb"/);
      const form = await new Browser(app).get("/inspect?urn=urn%3Aexample%3Aa%252Cb+");
      assert.match(form.body, /value="urn:example:a%2Cb"/);
    });

    it("inspector: the error position underlined, its message, and what would be right", async () => {
      // "%" must start a %HH triplet (RFC 8141 §2 pct-encoded); index 13 is that "%".
      const r = await new Browser(app).get("/inspect?urn=urn:example:a%2x");
      assert.match(
        r.body,
        /<code>urn:example:a<mark class="error-at"><span class="visually-hidden">error here: <\/span>%<\/mark>2x<\/code>/,
      );
      assert.match(r.body, /at index 13 \(NSS\)/);
      assert.match(r.body, /Would be right: <code class="fix">urn:example:a%252x<\/code>/);
      // A space is not allowed in an NSS: encoded, it is %20.
      const space = await new Browser(app).get("/inspect?urn=urn%3Aexample%3Aa%20b");
      assert.match(space.body, /<mark class="error-at">[\s\S]*? <\/mark>b/);
      assert.match(space.body, /Would be right: <code class="fix">urn:example:a%20b</);
      // Past the end: "urn:example:" has an empty NSS at index 12.
      const end = await new Browser(app).get("/inspect?urn=urn:example:");
      assert.match(end.body, /urn:example:<mark class="error-at">[\s\S]*?end-gap/);
    });

    it("inspector: an RFC 2141 URN that RFC 8141 refuses is still taken apart", async () => {
      // RFC 8141 §2 needs a NID of 2 to 32 characters; RFC 2141 allowed one.
      const r = await new Browser(app).get("/inspect?urn=urn:a:b");
      assert.match(r.body, /invalid<\/span> under RFC 8141/);
      assert.match(r.body, /valid<\/span> under RFC 2141/);
      assert.match(r.body, /Parts \(read as RFC 2141\)/);
      assert.match(r.body, /part-nid"><span class="part-text">a</);
      // Not a URN at all: the scheme is wrong from its first character.
      const other = await new Browser(app).get(`/inspect?urn=${encodeURIComponent("isbn:123")}`);
      assert.match(other.body, /<code><mark class="error-at">[\s\S]*?i<\/mark>sbn:123<\/code>/);
      assert.doesNotMatch(other.body, /h-parts/);
    });

    it("inspector: the look-alike of RFC 8141 §3.2 warns in the display form", async () => {
      const r = await new Browser(app).get("/inspect?urn=urn:example:%D0%B0123,z456");
      // %D0%B0 is UTF-8 for U+0430 CYRILLIC SMALL LETTER A, shown decoded by §4.4.
      assert.match(r.body, /<code class="display-form">urn:example:\u0430123,z456<\/code>/);
      assert.match(r.body, /class="warning-box"/);
      assert.match(r.body, /badge warn">lookalike</);
      assert.match(r.body, /U\+0430/);
    });

    it("inspector: NID class, IANA registration and the namespace's rule results", async () => {
      // ISBN-13 978-0-306-40615-?: weights 1,3 over 978030640615 give 93; (10 - 93 % 10) = 7.
      const r = await new Browser(app).get("/inspect?urn=urn:isbn:978-0-306-40615-6");
      assert.match(r.body, /check digit should be 7/);
      assert.match(
        r.body,
        /IANA registration<\/dt><dd>formal, <a href="\/namespaces\/isbn">isbn<\/a>/,
      );
      const good = await new Browser(app).get("/inspect?urn=urn:isbn:978-0-306-40615-7");
      assert.match(good.body, /No namespace rule objects/);
      // RFC 8141 §5.1: "urn-" followed by digits is an informal NID, never a formal one.
      const informal = await new Browser(app).get("/inspect?urn=urn:urn-5:x");
      assert.match(informal.body, /NID class<\/dt><dd>informal/);
    });

    it("every interpolated value is escaped", async () => {
      const r = await new Browser(app).get(
        `/inspect?urn=${encodeURIComponent('<script>alert(1)</script>"x')}`,
      );
      assert.doesNotMatch(r.body, /<script>alert/);
      assert.match(r.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;&quot;x/);
    });

    it("record page: status, locators by priority, metadata, successors, predecessors, history", async () => {
      const r = await new Browser(app).get("/record/urn:example:report-2024");
      assert.equal(r.statusCode, 200);
      assert.match(r.body, /badge ok">active</);
      const first = r.body.indexOf("https://www.example.org/reports/2024.pdf");
      const second = r.body.indexOf("https://mirror.example.net/reports/2024.pdf");
      assert.ok(first > 0 && second > first, "priority 10 before priority 5");
      assert.match(r.body, /<dt>title<\/dt><dd>Annual report 2024<\/dd>/);
      assert.match(
        r.body,
        /Predecessors<\/h3><ul><li><a href="\/record\/urn:example:report-2019">/,
      );
      assert.match(r.body, /urn\.create/);
      const old = await new Browser(app).get("/record/URN:EXAMPLE:report-2019");
      assert.match(old.body, /badge bad">deactivated</);
      assert.match(old.body, /superseded by a corrected edition/);
      assert.match(
        old.body,
        /Successors<\/h3><ul><li><a href="\/record\/urn:example:report-2024">/,
      );
    });

    it("record page: unknown is a 404 page, malformed goes to the inspector", async () => {
      const unknown = await new Browser(app).get("/record/urn:example:nobody");
      assert.equal(unknown.statusCode, 404);
      assert.match(String(unknown.headers["content-type"]), /^text\/html/);
      const bad = await new Browser(app).get("/record/urn:x:y");
      assert.equal(bad.statusCode, 303);
      assert.match(String(bad.headers.location), /^\/inspect\?urn=/);
    });

    it("resolution sends browsers the tombstone page of a deactivated URN (410)", async () => {
      const r = await new Browser(app).get("/urn:example:draft-7");
      assert.equal(r.statusCode, 410);
      assert.match(String(r.headers["content-type"]), /^text\/html/);
      assert.match(r.body, /class="tombstone"/);
      assert.match(r.body, /withdrawn by its author/);
      assert.match(r.body, /href="\/assets\/ui.css"/);
      const json = await app.inject({
        url: "/urn:example:draft-7",
        headers: { accept: "application/json" },
      });
      assert.equal(json.statusCode, 410);
      assert.equal(JSON.parse(json.body).reason, "withdrawn by its author");
    });

    it("namespace browser: searchable IANA snapshot plus local namespaces", async () => {
      const all = await new Browser(app).get("/namespaces");
      assert.match(all.body, /<code>isbn<\/code>/);
      assert.match(all.body, /<code>other-ns<\/code>[\s\S]*?served \(local\)/);
      const some = await new Browser(app).get("/namespaces?q=isbn");
      assert.match(some.body, /<code>isbn<\/code>/);
      assert.doesNotMatch(some.body, /<code>uuid<\/code>/);
      const ns = await new Browser(app).get("/namespaces/example");
      assert.match(ns.body, /<pre class="template">Namespace ID: example/);
      assert.match(ns.body, /prefix <code>doc-<\/code>, 6-digit sequence, ISO 7064 MOD 11-2/);
      // A local namespace: the rules are known and reported, not enforced, and the page says so once.
      assert.match(ns.body, /serves it as a local namespace/);
      assert.doesNotMatch(ns.body, /registrations must pass its namespace rules/);
      // At phone width the table becomes cards, each cell named by its column.
      assert.match(all.body, /<table id="ns-table" class="cards">/);
      assert.match(all.body, /<td data-label="Here">/);
      // Registry references link their web addresses and RFCs.
      const isbn = await new Browser(app).get("/namespaces/isbn");
      assert.match(isbn.body, /<a href="https:\/\/www\.isbn-international\.org">/);
      const uuid = await new Browser(app).get("/namespaces/uuid");
      assert.match(
        uuid.body,
        /\[<a href="https:\/\/www\.rfc-editor\.org\/rfc\/rfc9562">RFC9562<\/a>\]/,
      );
      const informal = await new Browser(app).get("/namespaces/urn-1");
      assert.match(
        informal.body,
        /<a href="https:\/\/www\.iana\.org\/assignments\/urn-informal\/urn-1">/,
      );
    });

    it("assets are served with validators", async () => {
      const css = await app.inject({ url: "/assets/ui.css" });
      assert.equal(css.statusCode, 200);
      assert.match(String(css.headers["content-type"]), /^text\/css/);
      const again = await app.inject({
        url: "/assets/ui.css",
        headers: { "if-none-match": String(css.headers.etag) },
      });
      assert.equal(again.statusCode, 304);
      assert.equal((await app.inject({ url: "/assets/ui.js" })).statusCode, 200);
    });
  });

  describe("sign-in and sessions", () => {
    it("the sign-in form POSTs the token in a password field", async () => {
      const r = await new Browser(app).get("/sign-in");
      assert.match(r.body, /<form class="stack" method="post" action="\/sign-in">/);
      assert.match(r.body, /name="token" type="password"/);
    });

    it("registrar pages send a visitor without a session to sign in", async () => {
      const r = await new Browser(app).get("/registrar");
      assert.equal(r.statusCode, 303);
      assert.equal(r.headers.location, "/sign-in");
      const post = await new Browser(app).post("/registrar/mint", { nid: "example" });
      assert.equal(post.statusCode, 401);
    });

    it("sign-in refuses a missing CSRF token, a wrong token; a good one starts a new session", async () => {
      const b = new Browser(app);
      const csrf = await b.csrf("/sign-in");
      const before = b.cookie;
      assert.equal((await b.post("/sign-in", { token: admin })).statusCode, 403);
      const wrong = await b.post("/sign-in", { csrf, token: "urnkit_nope" });
      assert.equal(wrong.statusCode, 401);
      assert.match(wrong.body, /not valid/);
      const ok = await b.post("/sign-in", { csrf, token: admin });
      assert.equal(ok.statusCode, 303);
      assert.equal(ok.headers.location, "/registrar");
      const set = String(ok.headers["set-cookie"]);
      assert.match(set, /HttpOnly/);
      assert.match(set, /SameSite=Strict/);
      assert.notEqual(b.cookie, before, "a new session id at sign-in");
      assert.ok(!set.includes(admin), "the cookie holds no token");
      assert.equal((await b.get("/registrar")).statusCode, 200);
      // The pre-sign-in session id is dead.
      const stale = new Browser(app);
      stale.cookie = before;
      assert.equal((await stale.get("/registrar")).statusCode, 303);
    });

    it("sign-out needs the CSRF token and ends the session", async () => {
      const b = await signedIn(admin);
      const cookie = b.cookie;
      assert.equal((await b.post("/sign-out", {})).statusCode, 403);
      const csrf = await b.csrf("/registrar");
      assert.equal((await b.post("/sign-out", { csrf })).statusCode, 303);
      const old = new Browser(app);
      old.cookie = cookie;
      assert.equal((await old.get("/registrar")).statusCode, 303);
    });
  });

  describe("registrar writes", () => {
    it("mint: refused without the session's CSRF token, done with it", async () => {
      const b = await signedIn(admin);
      const count = await h.store.records.count();
      assert.equal((await b.post("/registrar/mint", { nid: "example" })).statusCode, 403);
      // Another session's token does not do either (the token is tied to the session).
      const other = await signedIn(admin);
      const foreign = await other.csrf("/registrar");
      assert.equal(
        (await b.post("/registrar/mint", { nid: "example", csrf: foreign })).statusCode,
        403,
      );
      assert.equal(await h.store.records.count(), count);
      const csrf = await b.csrf("/registrar");
      const r = await b.post("/registrar/mint", {
        csrf,
        nid: "example",
        status: "active",
        url: "https://www.example.org/minted",
      });
      assert.equal(r.statusCode, 303);
      // The example policy: "doc-", 6 digits, MOD 11-2. The first number is 1, "000001": p = 0
      // through five zeros, then (0 + 1) * 2 = 2; check = (12 - 2) % 11 = 10, written "X".
      assert.equal(r.headers.location, "/registrar/record/urn:example:doc-000001X");
      const page = await b.get(String(r.headers.location));
      assert.match(page.body, /Minted urn:example:doc-000001X\./);
      const api = await app.inject({ url: "/api/v1/urns/urn:example:doc-000001X" });
      assert.equal(JSON.parse(api.body).locators[0].url, "https://www.example.org/minted");
    });

    it("register: the API's refusals show on the form, with what was typed", async () => {
      const b = await signedIn(admin);
      const csrf = await b.csrf("/registrar");
      /** The register form sent with `fields`. */
      const register = (fields: Record<string, string>) =>
        b.post("/registrar/register", { csrf, ...fields });
      const taken = await register({ urn: "URN:example:REPORT-2024", status: "active" });
      // Not the same spelling, but the generic key lowercases only "urn" and the NID, so
      // "REPORT-2024" is a different NSS: it registers (RFC 8141 §3.1 is case-sensitive in NSS).
      assert.equal(taken.statusCode, 303);
      const again = await register({ urn: "urn:EXAMPLE:REPORT-2024", status: "active" });
      assert.equal(again.statusCode, 409);
      assert.match(again.body, /role="alert"/);
      assert.match(again.body, /value="urn:EXAMPLE:REPORT-2024"/);
      const badJson = await register({ urn: "urn:example:j", metadata: "[1]" });
      assert.equal(badJson.statusCode, 422);
      assert.match(badJson.body, /Metadata must be a JSON object/);
      const bad = await register({ urn: "urn:example:", status: "active" });
      assert.equal(bad.statusCode, 422);
    });

    it("manage: locators reordered and retired, metadata edited, deactivated to a tombstone", async () => {
      const b = await signedIn(admin);
      let csrf = await b.csrf("/registrar");
      const reg = await b.post("/registrar/register", {
        csrf,
        urn: "urn:example:ui-managed",
        status: "active",
        url: "https://a.example/1",
        metadata: '{"title": "Managed"}',
      });
      const edit = String(reg.headers.location);
      assert.equal(edit, "/registrar/record/urn:example:ui-managed");
      csrf = await b.csrf(edit);
      const loc = await b.post(edit, {
        csrf,
        action: "locators",
        url: ["https://a.example/1", "https://b.example/2"],
        priority: ["1", "5"],
        mediaType: ["", "text/html"],
      });
      assert.equal(loc.statusCode, 303);
      assert.equal(
        (await app.inject({ url: "/urn:example:ui-managed" })).headers.location,
        "https://b.example/2",
      );
      const meta = await b.post(edit, {
        csrf,
        action: "metadata",
        metadata: '{"title": "Renamed"}',
      });
      assert.equal(meta.statusCode, 303);
      assert.match((await b.get("/record/urn:example:ui-managed")).body, /<dd>Renamed<\/dd>/);
      assert.equal(
        (await b.post(edit, { csrf, action: "deactivate", reason: "" })).statusCode,
        422,
      );
      // Without script, the form first asks on a page of its own; nothing is written yet.
      const ask = await b.post(edit, { csrf, action: "deactivate", reason: "test over" });
      assert.equal(ask.statusCode, 200);
      assert.match(ask.body, /This is final/);
      assert.match(ask.body, /name="confirmed" value="yes"/);
      assert.equal((await app.inject({ url: "/urn:example:ui-managed" })).statusCode, 303);
      const gone = await b.post(edit, {
        csrf,
        action: "deactivate",
        reason: "test over",
        confirmed: "yes",
      });
      assert.equal(gone.statusCode, 303);
      const tomb = await new Browser(app).get("/urn:example:ui-managed");
      assert.equal(tomb.statusCode, 410);
      assert.match(tomb.body, /test over/);
    });

    it("deactivate with a successor: resolution answers 301 to it", async () => {
      const b = await signedIn(admin);
      const csrf = await b.csrf("/registrar");
      await b.post("/registrar/register", { csrf, urn: "urn:example:ui-old", status: "active" });
      const r = await b.post("/registrar/record/urn:example:ui-old", {
        csrf,
        action: "deactivate",
        reason: "moved",
        successor: "urn:example:report-2024",
        confirmed: "yes",
      });
      assert.equal(r.statusCode, 303);
      const res = await app.inject({ url: "/urn:example:ui-old" });
      assert.equal(res.statusCode, 301);
      assert.equal(res.headers.location, "/urn:example:report-2024");
    });

    it("the token's role and scope hold: the API's 403 shows on the page", async () => {
      const r = await signedIn(reader);
      const csrf = await r.csrf("/registrar");
      const denied = await r.post("/registrar/register", { csrf, urn: "urn:example:by-reader" });
      assert.equal(denied.statusCode, 403);
      assert.match(denied.body, /registrar role/);
      const s = await signedIn(otherScope);
      const c2 = await s.csrf("/registrar");
      const out = await s.post("/registrar/register", {
        csrf: c2,
        urn: "urn:example:out-of-scope",
      });
      assert.equal(out.statusCode, 403);
    });

    it("the token never appears in a URL, a page or the log", async () => {
      const b = await signedIn(admin);
      const csrf = await b.csrf("/registrar");
      await b.post("/registrar/mint", { csrf, nid: "example" });
      for (const url of ["/registrar", "/", "/namespaces"])
        assert.ok(!(await b.get(url)).body.includes(admin), `token on ${url}`);
      const text = logs.join("");
      assert.ok(text.includes('"url":"/sign-in"'), "requests are logged");
      assert.ok(!text.includes(admin), "the token is not in the log");
      assert.ok(!text.includes(admin.slice(7, 30)), "no part of the token is in the log");
    });

    it("a UI write is one request in /metrics (no API request behind it)", async () => {
      const count = (body: string, method: string, route: string) =>
        Number(
          new RegExp(
            `urnkit_http_requests_total\\{method="${method}",route="${route.replace(/[/:]/g, "\\$&")}",status="303"\\} (\\d+)`,
          ).exec(body)?.[1] ?? 0,
        );
      const before = (await app.inject({ url: "/metrics" })).body;
      const b = await signedIn(admin);
      const csrf = await b.csrf("/registrar");
      const minted = await b.post("/registrar/mint", { csrf, nid: "example", status: "active" });
      assert.equal(minted.statusCode, 303);
      const metrics = (await app.inject({ url: "/metrics" })).body;
      assert.equal(
        count(metrics, "POST", "/registrar/mint") - count(before, "POST", "/registrar/mint"),
        1,
      );
      assert.doesNotMatch(metrics, /method="(POST|PATCH)",route="\/api\/v1/);
    });
  });

  describe("behind a proxy", () => {
    const signInOver = async (server: FastifyInstance, proto: string) => {
      const b = new Browser(server);
      const csrf = await b.csrf("/sign-in");
      const r = await server.inject({
        method: "POST",
        url: "/sign-in",
        headers: {
          cookie: b.cookie ?? "",
          "content-type": "application/x-www-form-urlencoded",
          "x-forwarded-proto": proto,
        },
        payload: new URLSearchParams({ csrf, token: admin }).toString(),
      });
      assert.equal(r.statusCode, 303);
      return String([r.headers["set-cookie"]].flat()[0]);
    };

    it("the session cookie is Secure over HTTPS at a trusted proxy, not when the proxy is untrusted", async () => {
      const trusting = await buildServer({ store: h.store, trustProxy: true });
      try {
        assert.match(await signInOver(trusting, "https"), /^urnkit_session=.*; Secure$/);
        assert.doesNotMatch(await signInOver(trusting, "http"), /Secure/);
      } finally {
        await trusting.close();
      }
      // Without trustProxy a client could claim HTTPS in a header: it is not believed.
      assert.doesNotMatch(await signInOver(app, "https"), /Secure/);
    });
  });
});
