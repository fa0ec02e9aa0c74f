// Two urnkit servers on one database, as behind a load balancer without sticky sessions: a
// registrar signed in through one is signed in on the other, a form from one posts to the other,
// the one-time notice shows on whichever serves the next page, and signing out ends the session
// everywhere. SQLite: two app instances on one file; PostgreSQL: two processes.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { openStore } from "../../src/storage/open-store.js";
import type { Store } from "../../src/storage/store.js";
import { PG_SKIP } from "../pg-database.js";
import { skippedWhen } from "../skipped-when.js";
import { twoProcesses } from "../urnkit-process.js";

const FORM = "application/x-www-form-urlencoded";

function csrfOf(page: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(page);
  assert.ok(m, "a CSRF field");
  return m[1] as string;
}

const pair = (r: Response, name: string) =>
  r.headers
    .getSetCookie()
    .find((l) => l.startsWith(`${name}=`))
    ?.split(";")[0];

/** Signs in at `base` as a browser would; returns the session cookie's name=value. */
async function signIn(base: string, token: string): Promise<string> {
  const form = await fetch(`${base}/sign-in`);
  const cookie = pair(form, "urnkit_sign_in") as string;
  const r = await fetch(`${base}/sign-in`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": FORM },
    body: new URLSearchParams({ csrf: csrfOf(await form.text()), token }).toString(),
  });
  assert.equal(r.status, 303);
  return pair(r, "urnkit_session") as string;
}

async function oneSessionTwoServers(a: string, b: string, token: string): Promise<void> {
  const cookie = await signIn(a, token);
  const pageB = await fetch(`${b}/registrar`, { redirect: "manual", headers: { cookie } });
  assert.equal(pageB.status, 200, "signed in on the other server too");
  const csrf = csrfOf(await pageB.text());
  const pageA = await fetch(`${a}/registrar`, { headers: { cookie } });
  assert.equal(csrfOf(await pageA.text()), csrf, "one session, one CSRF token");

  const mint = await fetch(`${b}/registrar/mint`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": FORM },
    body: new URLSearchParams({ csrf, nid: "example", status: "active" }).toString(),
  });
  assert.equal(mint.status, 303);
  const location = String(mint.headers.get("location"));
  assert.match(location, /^\/registrar\/record\/urn:example:doc-/);
  const shown = await (await fetch(`${a}${location}`, { headers: { cookie } })).text();
  assert.match(shown, /Minted urn:example:doc-/, "the notice shows on the other server");

  const out = await fetch(`${a}/sign-out`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie, "content-type": FORM },
    body: new URLSearchParams({ csrf }).toString(),
  });
  assert.equal(out.status, 303);
  const after = await fetch(`${b}/registrar`, { redirect: "manual", headers: { cookie } });
  assert.equal(after.status, 303);
  assert.equal(after.headers.get("location"), "/sign-in");
}

async function prepare(store: Store): Promise<string> {
  await seedExample(store);
  return (await issueToken(store, { role: "registrar" }, { tokenId: null })).token;
}

describe("one session across servers (sqlite: two app instances on one file)", () => {
  let dir: string;
  const stores: Store[] = [];
  const apps: FastifyInstance[] = [];
  const bases: string[] = [];
  let token: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-shared-"));
    const file = join(dir, "registry.db");
    for (let i = 0; i < 2; i++) {
      const store = await openStore(file);
      const app = await buildServer({ store });
      stores.push(store);
      apps.push(app);
      bases.push(await app.listen({ port: 0, host: "127.0.0.1" }));
    }
    token = await prepare(stores[0] as Store);
  });
  after(async () => {
    for (const app of apps) await app.close();
    for (const store of stores) await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sign in on one, work on the other, sign out everywhere", async () => {
    await oneSessionTwoServers(bases[0] as string, bases[1] as string, token);
  });
});

describe("one session across servers (postgres: two processes)", () => {
  const { it, before, after } = skippedWhen(PG_SKIP);
  const servers = twoProcesses({ before, after }, async (store) => ({
    token: await prepare(store),
  }));

  it("sign in on one, work on the other, sign out everywhere", async () => {
    const { a, b, token } = servers();
    await oneSessionTwoServers(a.base, b.base, token);
  });
});
