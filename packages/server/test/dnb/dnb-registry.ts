// A registry served for the DNB API's tests: the sandbox's namespace urn:nbn:de:test of
// organisation "test" (password "test-password", its prefix taking mirrors), a second
// organisation "other" with urn:nbn:de:other- and its own token, a prefix urn:nbn:de:policy- of
// "test" whose URLs must start https://repo.example/, and a token of no organisation. Steps are
// sent through app.inject as a client sends them and checked against what they expect.

import assert from "node:assert/strict";
import { nbnDeCheckDigit } from "@urnkit/namespaces";
import type { FastifyInstance } from "fastify";
import { OPERATOR } from "../../src/registry/operator.js";
import { createOrganisation } from "../../src/registry/organisation-actions.js";
import { createPrefix, updatePrefix } from "../../src/registry/prefix-actions.js";
import { setUpSandbox } from "../../src/registry/sandbox.js";
import { issueKnownToken } from "../../src/registry/tokens.js";
import { buildServer, DEFAULT_LIMITS } from "../../src/server.js";
import type { Engine, EngineHandle } from "../engines.js";
import { madeInSuite } from "../made-in-suite.js";
import { skippedWhen } from "../skipped-when.js";

export const PASSWORD = "test-password";
export const OTHER_PASSWORD = "other-password";
export const ADMIN_TOKEN = "admin-token-of-no-organisation";

/** A URN:NBN under urn:nbn:de:test- (or another prefix) with its DNB check digit. */
export function nbn(withoutCheck: string): string {
  return withoutCheck + (nbnDeCheckDigit(withoutCheck) ?? "");
}

export type Credentials = "basic" | "none" | "wrong" | "bearer" | "other" | "admin" | "mismatch";

/** A value an expected field must match. */
export type Expected = unknown | RegExp | ((value: unknown) => boolean);

export interface Step {
  name: string;
  method: "GET" | "HEAD" | "POST" | "PATCH" | "DELETE";
  /** After the flow's base ("urns/urn/…"), or absolute from "/" with `outsideBase`. */
  path: string;
  outsideBase?: boolean;
  credentials?: Credentials;
  headers?: Record<string, string>;
  /** A JSON body (sent as the client serialises it), or `rawBody` as it is. */
  body?: unknown;
  rawBody?: string;
  expectStatus: number;
  /** Dotted paths into the JSON answer ("items.0.url") and what each must be. */
  expectFields?: Record<string, Expected>;
  expectHeaders?: Record<string, Expected>;
  /** The answer has no body at all (a 204, a HEAD). */
  expectEmptyBody?: boolean;
  /** Fields of the answer kept for later steps, as {{name}} in their path or body. */
  capture?: Record<string, string>;
}

export interface Flow {
  client: string;
  /** Where the client's behaviour is recorded: repository@commit:path. */
  source: string;
  base: string;
  steps: Step[];
}

export interface DnbRegistry {
  h: EngineHandle;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function dnbRegistry(engine: Engine): Promise<DnbRegistry> {
  const h = await engine.open();
  const ctx = { store: h.store, limits: DEFAULT_LIMITS };
  await setUpSandbox(ctx, { namespace: "urn:nbn:de:test", login: "test", password: PASSWORD });
  await updatePrefix(ctx, OPERATOR, "nbn", "urn:nbn:de:test-", { mirrors: true });
  await createOrganisation(h.store, OPERATOR, { id: "other", name: "Other library" });
  await createPrefix(ctx, OPERATOR, "nbn", {
    prefix: "urn:nbn:de:other-",
    organisation: "other",
    check: "nbn",
  });
  await createPrefix(ctx, OPERATOR, "nbn", {
    prefix: "urn:nbn:de:policy-",
    organisation: "test",
    check: "nbn",
    urls: ["https://repo.example/"],
  });
  await issueKnownToken(
    h.store,
    OTHER_PASSWORD,
    { role: "registrar", organisation: "other" },
    { tokenId: null },
  );
  await issueKnownToken(h.store, ADMIN_TOKEN, { role: "admin" }, { tokenId: null });
  const app = await buildServer({ store: h.store });
  return {
    h,
    app,
    close: async () => {
      await app.close();
      await h.close();
    },
  };
}

/** A DNB registry for the enclosing suite: made in its before hook, closed in its after. */
export function suiteDnbRegistry(engine: Engine): Pick<DnbRegistry, "h" | "app"> {
  return madeInSuite(
    skippedWhen(engine.skip),
    { make: () => dnbRegistry(engine), close: (registry) => registry.close() },
    ["h", "app"],
  );
}

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
}

const AUTHORIZATION: Record<Credentials, string | null> = {
  basic: basic("test", PASSWORD),
  none: null,
  wrong: basic("username", "password"),
  bearer: `Bearer ${PASSWORD}`,
  other: basic("other", OTHER_PASSWORD),
  admin: `Bearer ${ADMIN_TOKEN}`,
  mismatch: basic("other", PASSWORD),
};

/** `text` with each {{name}} replaced by the value captured under it. */
function filled(text: string, captured: Map<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = captured.get(name);
    assert.ok(value !== undefined, `nothing captured as ${name}`);
    return value;
  });
}

/** The value at a dotted path of a JSON value. */
export function at(value: unknown, path: string): unknown {
  let here = value;
  for (const part of path.split(".")) {
    if (here === null || typeof here !== "object") return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

function check(actual: unknown, expected: Expected, what: string): void {
  if (expected instanceof RegExp)
    assert.ok(typeof actual === "string" && expected.test(actual), `${what}: ${String(actual)}`);
  else if (typeof expected === "function")
    assert.ok((expected as (v: unknown) => boolean)(actual), `${what}: ${JSON.stringify(actual)}`);
  else assert.deepEqual(actual, expected, what);
}

/** Sends each step of `flow` in order, checking each answer; captured values carry forward. */
export async function replay(app: FastifyInstance, flow: Flow): Promise<void> {
  const captured = new Map<string, string>();
  for (const step of flow.steps) {
    const what = `${flow.client}: ${step.name} (${step.method} ${step.path})`;
    const path = filled(step.path, captured);
    const url = step.outsideBase === true ? path : flow.base + path;
    const headers: Record<string, string> = { ...step.headers };
    const authorization = AUTHORIZATION[step.credentials ?? "basic"];
    if (authorization !== null) headers.authorization = authorization;
    let payload: string | undefined;
    if (step.rawBody !== undefined) payload = step.rawBody;
    else if (step.body !== undefined) payload = filled(JSON.stringify(step.body), captured);
    if (payload !== undefined && headers["content-type"] === undefined)
      headers["content-type"] = "application/json";
    const answer = await app.inject({ method: step.method, url, headers, payload });
    assert.equal(answer.statusCode, step.expectStatus, `${what}: ${answer.body}`);
    assert.ok(answer.statusCode < 500, what);
    assert.match(String(answer.headers.date), /^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} /, what);
    if (step.expectEmptyBody === true) assert.equal(answer.body, "", `${what}: empty body`);
    const json = answer.body === "" ? undefined : JSON.parse(answer.body);
    if (answer.statusCode >= 400 && step.method !== "HEAD") {
      // Every failure is the DNB's error shape.
      assert.equal(json.status, answer.statusCode, what);
      assert.equal(Math.floor(json.code / 1000), answer.statusCode, what);
      assert.equal(typeof json.message, "string", what);
      assert.equal(typeof json.developerMessage, "string", what);
    }
    for (const [field, expected] of Object.entries(step.expectFields ?? {}))
      check(at(json, field), expected, `${what}: ${field}`);
    for (const [name, expected] of Object.entries(step.expectHeaders ?? {}))
      check(answer.headers[name], expected, `${what}: header ${name}`);
    for (const [name, field] of Object.entries(step.capture ?? {})) {
      const value = at(json, field);
      assert.equal(typeof value, "string", `${what}: capture ${field}`);
      captured.set(name, value as string);
    }
  }
}
