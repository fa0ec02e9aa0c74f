// The administration page as a new administrator meets it: signed out it sends the visitor to
// sign in (as every registrar page does), the navigation offers it to administrators of any
// scope and to nobody else, and its destructive buttons look like the record page's Deactivate.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import type { TokenInfo } from "../../src/storage/tokens.js";
import { type EngineHandle, sqlite } from "../engines.js";
import { Browser, signedIn } from "../ui-browser.js";

const actor = { tokenId: null };
const NAV_LINK = /<li><a href="\/admin"[^>]*>Administration<\/a><\/li>/;

describe("the administration page", () => {
  let h: EngineHandle;
  let app: FastifyInstance;
  const tokens = new Map<string, string>();

  before(async () => {
    h = await sqlite.open();
    await seedExample(h.store);
    const kinds: [string, Pick<TokenInfo, "role"> & Partial<TokenInfo>][] = [
      ["server-wide admin", { role: "admin" }],
      ["namespace admin", { role: "admin", namespace: "example" }],
      ["organisation admin", { role: "admin", organisation: "example-archive" }],
      ["registrar", { role: "registrar" }],
      ["reader", { role: "reader" }],
    ];
    for (const [name, scope] of kinds)
      tokens.set(name, (await issueToken(h.store, scope as never, actor)).token);
    app = await buildServer({ store: h.store });
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  it("signed out, sends the visitor to sign in; a form POST without a session is still 401", async () => {
    for (const path of ["/admin", "/admin?x=1"]) {
      const r = await new Browser(app).get(path);
      assert.equal(r.statusCode, 303, path);
      assert.equal(r.headers.location, "/sign-in");
    }
    const post = await new Browser(app).post("/admin/organisations", { id: "x", name: "x" });
    assert.equal(post.statusCode, 401);
  });

  const navigation: [string, boolean][] = [
    ["server-wide admin", true],
    ["namespace admin", true],
    ["organisation admin", true],
    ["registrar", false],
    ["reader", false],
  ];
  for (const [who, shown] of navigation)
    it(`the navigation ${shown ? "links" : "does not link"} /admin for a ${who}`, async () => {
      const b = await signedIn(app, tokens.get(who) as string);
      const home = await b.get("/");
      assert.equal(NAV_LINK.test(home.body), shown);
      if (shown) {
        const admin = await b.get("/admin");
        assert.equal(admin.statusCode, 200);
        assert.match(admin.body, /<a href="\/admin" aria-current="page">Administration<\/a>/);
      }
    });

  it("signed out, the navigation has no /admin", async () => {
    assert.doesNotMatch((await new Browser(app).get("/")).body, NAV_LINK);
  });

  it("styles Deactivate and Revoke as the record page styles Deactivate", async () => {
    const b = await signedIn(app, tokens.get("server-wide admin") as string);
    const admin = (await b.get("/admin")).body;
    assert.match(
      admin,
      /<button type="submit" class="danger">Deactivate example-archive<\/button>/,
    );
    assert.match(admin, /<button type="submit" class="danger">Revoke<\/button>/);
    const record = (await b.get("/registrar/record/urn:example:report-2024")).body;
    assert.match(record, /<button type="submit" class="danger">Deactivate<\/button>/);
    // Creating and activating stay primary actions.
    assert.match(admin, /<button type="submit">Create a token<\/button>/);
  });
});
