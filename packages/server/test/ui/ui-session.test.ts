// Registrar sessions live in the database, on every engine: the browser's cookie holds a random
// id, the database only its SHA-256 and the token's id (never the id, never the token). They end
// after 30 minutes without a request and 8 hours after sign-in whatever the activity; signing out
// deletes the row, revoking the token ends them, expired rows are swept. A fake clock drives the
// session store; requests and replies are stand-ins carrying only the Cookie and Set-Cookie headers.

import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe } from "node:test";
import type { FastifyReply, FastifyRequest } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { COOKIE, SessionStore } from "../../src/ui/session.js";
import { engines } from "../engines.js";
import { madeInSuite } from "../made-in-suite.js";
import { skippedWhen } from "../skipped-when.js";

const MINUTE = 60 * 1000;
const actor = { tokenId: null };
const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function exchange(cookie: string | null, protocol = "http") {
  const headers: Record<string, string | string[]> = {};
  const request = {
    protocol,
    headers: cookie === null ? {} : { cookie },
  } as unknown as FastifyRequest;
  const reply = {
    header(name: string, value: string | string[]) {
      headers[name] = value;
      return this;
    },
  } as unknown as FastifyReply;
  /** The session cookie's Set-Cookie line. */
  const setCookie = () =>
    ([headers["set-cookie"]].flat() as string[]).find((l) => l.startsWith(`${COOKIE}=`)) ?? "";
  return { request, reply, setCookie };
}

for (const engine of engines) {
  describe(`UI sessions (${engine.name})`, () => {
    const suite = skippedWhen(engine.skip);
    const { it, beforeEach } = suite;
    // A registrar's token in clear and as the store gives it.
    const fixture = madeInSuite(
      suite,
      {
        async make() {
          const h = await engine.open();
          const issued = await issueToken(h.store, { role: "registrar" }, actor);
          return { h, clear: issued.token, token: issued.info };
        },
        close: ({ h }) => h.close(),
      },
      ["h", "clear", "token"],
    );
    let now: number;
    let sessions: SessionStore;
    beforeEach(() => {
      now = Date.parse("2026-11-22T08:00:00Z");
      sessions = new SessionStore(fixture.h.store, { now: () => now });
    });

    /** Signs in and returns the "name=value" cookie pair. */
    async function signIn(store = sessions, protocol = "http"): Promise<string> {
      const x = exchange(null, protocol);
      await store.signIn(x.request, x.reply, fixture.token);
      return x.setCookie().split(";")[0] as string;
    }
    const get = (cookie: string, store = sessions) => store.get(exchange(cookie).request);

    it("the cookie is HttpOnly, SameSite=Strict, and holds only a random id", async () => {
      const x = exchange(null);
      await sessions.signIn(x.request, x.reply, fixture.token);
      assert.match(
        x.setCookie(),
        new RegExp(
          `^${COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=28800; HttpOnly; SameSite=Strict$`,
        ),
      );
    });

    it("the cookie is Secure when the request came over HTTPS", async () => {
      const x = exchange(null, "https");
      await sessions.signIn(x.request, x.reply, fixture.token);
      assert.match(x.setCookie(), /; SameSite=Strict; Secure$/);
    });

    it("the database holds the id's SHA-256 and the token's id, neither the id nor the token", async () => {
      const id = (await signIn()).split("=")[1] as string;
      const rows = await fixture.h.rawRows("sessions");
      const row = rows.find((r) => r.id_hash === sha256(id));
      assert.ok(row, "a row keyed by the SHA-256 of the cookie's id");
      assert.equal(Number(row.token_id), fixture.token.id);
      const everything = JSON.stringify(rows);
      assert.ok(!everything.includes(id), "no session id in the database");
      assert.ok(!everything.includes(fixture.clear), "no clear token in the database");
      assert.ok(!everything.includes(sha256(fixture.clear)), "not even the token's hash");
    });

    it("a session made by one store is valid in another on the same database", async () => {
      const cookie = await signIn();
      const other = new SessionStore(fixture.h.store, { now: () => now });
      const session = await get(cookie, other);
      assert.equal(session?.token?.id, fixture.token.id);
      assert.equal(session?.csrf, (await get(cookie))?.csrf);
    });

    it("ends after 30 minutes idle; each request restarts that time", async () => {
      const cookie = await signIn();
      now += 29 * MINUTE;
      assert.notEqual(await get(cookie), null);
      now += 29 * MINUTE;
      assert.notEqual(await get(cookie), null);
      now += 31 * MINUTE;
      assert.equal(await get(cookie), null);
    });

    it("ends 8 hours after sign-in even when used all along", async () => {
      const start = now;
      const cookie = await signIn();
      for (let t = 0; t < 8 * 60 - 10; t += 10) {
        now = start + t * MINUTE;
        assert.notEqual(await get(cookie), null, `at ${t} min`);
      }
      now = start + 8 * 60 * MINUTE + 1;
      assert.equal(await get(cookie), null);
    });

    it("expired sessions are swept from the database", async () => {
      const id = (await signIn()).split("=")[1] as string;
      now += 31 * MINUTE;
      await signIn();
      const hashes = (await fixture.h.rawRows("sessions")).map((r) => r.id_hash);
      assert.ok(!hashes.includes(sha256(id)), "the expired row is gone");
    });

    it("signing out deletes the row", async () => {
      const cookie = await signIn();
      const id = cookie.split("=")[1] as string;
      const x = exchange(cookie);
      await sessions.signOut(x.request, x.reply);
      assert.match(x.setCookie(), new RegExp(`^${COOKIE}=; Path=/; Max-Age=0;`));
      assert.equal(await get(cookie), null);
      const hashes = (await fixture.h.rawRows("sessions")).map((r) => r.id_hash);
      assert.ok(!hashes.includes(sha256(id)));
    });

    it("revoking the token ends its sessions", async () => {
      const own = await issueToken(fixture.h.store, { role: "registrar" }, actor);
      const x = exchange(null);
      await sessions.signIn(x.request, x.reply, own.info);
      const cookie = x.setCookie().split(";")[0] as string;
      const kept = await signIn();
      assert.notEqual(await get(cookie), null);
      assert.notEqual(await fixture.h.store.tokens.revoke(own.info.id, actor), null);
      assert.equal(await get(cookie), null);
      assert.equal(
        (await fixture.h.rawRows("sessions")).filter((r) => Number(r.token_id) === own.info.id)
          .length,
        0,
      );
      assert.notEqual(await get(kept), null, "another token's session goes on");
      assert.equal(await fixture.h.store.tokens.find(sha256(own.token)), null);
    });

    it("CSRF tokens match only their own session", async () => {
      const a = await get(await signIn());
      const b = await get(await signIn());
      assert.ok(a && b);
      assert.equal(SessionStore.checkCsrf(a, a.csrf), true);
      assert.equal(SessionStore.checkCsrf(a, b.csrf), false);
      assert.equal(SessionStore.checkCsrf(a, undefined), false);
      assert.equal(SessionStore.checkCsrf(null, a.csrf), false);
    });

    it("a one-time message is shown once, by whichever store reads it", async () => {
      const cookie = await signIn();
      const session = await get(cookie);
      assert.ok(session);
      await sessions.setFlash(session, "Minted urn:example:1.");
      const other = new SessionStore(fixture.h.store, { now: () => now });
      assert.equal(await other.takeFlash(await get(cookie, other)), "Minted urn:example:1.");
      assert.equal(await sessions.takeFlash(await get(cookie)), null);
    });
  });
}
