// Registrar sessions expire: after 30 minutes without a request, and 8 hours after sign-in
// whatever the activity. A fake clock drives the store; requests and replies are stand-ins that
// carry only what the store reads (the Cookie header) and writes (Set-Cookie).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { FastifyReply, FastifyRequest } from "fastify";
import { COOKIE, SessionStore } from "../src/ui/session.js";

const MINUTE = 60 * 1000;
const token = { id: 1, role: "registrar" as const, namespace: null, label: null, created: "" };

function exchange(cookie: string | null, protocol = "http") {
  const headers: Record<string, string> = {};
  const request = {
    protocol,
    headers: cookie === null ? {} : { cookie },
  } as unknown as FastifyRequest;
  const reply = {
    header(name: string, value: string) {
      headers[name] = value;
      return this;
    },
  } as unknown as FastifyReply;
  return { request, reply, headers };
}

function signIn(store: SessionStore): string {
  const x = exchange(null);
  store.signIn(x.request, x.reply, token, "urnkit_secret");
  return (x.headers["set-cookie"] as string).split(";")[0] as string;
}

describe("UI sessions", () => {
  it("the cookie is HttpOnly, SameSite=Strict, and holds only a random id", () => {
    const x = exchange(null);
    new SessionStore().signIn(x.request, x.reply, token, "urnkit_secret");
    const set = x.headers["set-cookie"] as string;
    assert.match(
      set,
      new RegExp(`^${COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=28800; HttpOnly; SameSite=Strict$`),
    );
    assert.ok(!set.includes("urnkit_secret"));
  });

  it("the cookie is Secure when the request came over HTTPS", () => {
    const x = exchange(null, "https");
    new SessionStore().signIn(x.request, x.reply, token, "urnkit_secret");
    assert.match(x.headers["set-cookie"] as string, /; SameSite=Strict; Secure$/);
  });

  it("ends after 30 minutes idle; each request restarts that time", () => {
    let now = 0;
    const store = new SessionStore({ now: () => now });
    const cookie = signIn(store);
    now += 29 * MINUTE;
    assert.notEqual(store.get(exchange(cookie).request), null);
    now += 29 * MINUTE;
    assert.notEqual(store.get(exchange(cookie).request), null);
    now += 31 * MINUTE;
    assert.equal(store.get(exchange(cookie).request), null);
  });

  it("ends 8 hours after sign-in even when used all along", () => {
    let now = 0;
    const store = new SessionStore({ now: () => now });
    const cookie = signIn(store);
    for (let t = 0; t < 8 * 60 - 10; t += 10) {
      now = t * MINUTE;
      assert.notEqual(store.get(exchange(cookie).request), null, `at ${t} min`);
    }
    now = 8 * 60 * MINUTE + 1;
    assert.equal(store.get(exchange(cookie).request), null);
  });

  it("CSRF tokens match only their own session", () => {
    const store = new SessionStore();
    const a = store.get(exchange(signIn(store)).request);
    const b = store.get(exchange(signIn(store)).request);
    assert.ok(a && b);
    assert.equal(SessionStore.checkCsrf(a, a.csrf), true);
    assert.equal(SessionStore.checkCsrf(a, b.csrf), false);
    assert.equal(SessionStore.checkCsrf(a, undefined), false);
    assert.equal(SessionStore.checkCsrf(null, a.csrf), false);
  });
});
