// /openapi.json as a contract a generator can use, proven by use: a maintained linter
// (@redocly/openapi-core, its strictest built-in rule set) finds nothing; a maintained generator
// (openapi-typescript) makes types from the live document; the registry flow in
// openapi-client/flow.ts, written against those types with openapi-fetch, type-checks under
// `tsc --strict` and then runs against the live server with the results the routes promise.

import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import type { FastifyInstance } from "fastify";
import openapiTS, { astToString } from "openapi-typescript";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, sqlite } from "../engines.js";

const here = fileURLToPath(new URL(".", import.meta.url));
const out = join(here, "../../../../test-output/openapi-client");

describe("the OpenAPI document", () => {
  let h: EngineHandle;
  let app: FastifyInstance;
  let base: string;
  let admin: string;
  let text: string;
  let doc: {
    info: { version: string };
    paths: Record<
      string,
      Record<string, { operationId?: string; responses: Record<string, { headers?: object }> }>
    >;
  };

  before(async () => {
    h = await sqlite.open();
    admin = (await issueToken(h.store, { role: "admin" }, { tokenId: null })).token;
    app = await buildServer({ store: h.store });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    text = await (await fetch(`${base}/openapi.json`)).text();
    doc = JSON.parse(text);
  });
  after(async () => {
    await app.close();
    await h.close();
  });

  it("passes the linter's strictest built-in rules", async () => {
    const config = await createConfig({ extends: ["recommended-strict"] });
    const problems = await lintFromString({ source: text, absoluteRef: "/openapi.json", config });
    assert.deepEqual(
      problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`),
      [],
    );
  });

  it("gives every operation a unique operationId, Location on 201 and 3xx, the package's version", () => {
    const ids = Object.values(doc.paths).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    assert.ok(ids.every((id) => typeof id === "string" && id !== ""));
    assert.equal(new Set(ids).size, ids.length);
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, o] of Object.entries(ops))
        for (const [status, r] of Object.entries(o.responses))
          if (status === "201" || /^3\d\d$/.test(status))
            assert.ok(r.headers, `${method} ${path} ${status} has no Location`);
    const pkg = createRequire(import.meta.url)("../../package.json") as { version: string };
    assert.equal(doc.info.version, pkg.version);
    // Every response object that names its members says which are always there.
    const missing: string[] = [];
    const walk = (v: unknown, at: string): void => {
      if (v === null || typeof v !== "object") return;
      const o = v as Record<string, unknown>;
      const isObject = o.type === "object" || (Array.isArray(o.type) && o.type.includes("object"));
      if (isObject && o.properties && Object.keys(o.properties).length > 0 && !o.required)
        missing.push(at);
      for (const [k, x] of Object.entries(o)) walk(x, `${at}/${k}`);
    };
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, o] of Object.entries(ops)) walk(o.responses, `${method} ${path}`);
    assert.deepEqual(missing, []);
    // The lifecycle actions are the operations a client calls, not the route pattern.
    assert.ok(doc.paths["/api/v1/urns/{urn}/activate"]?.post);
    assert.ok(doc.paths["/api/v1/urns/{urn}/deactivate"]?.post);
  });

  it("a client generated from it runs the registry flow, type-checked first", async () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "api.d.ts"), astToString(await openapiTS(text)));
    copyFileSync(join(here, "../openapi-client/flow.ts"), join(out, "flow.ts"));
    writeFileSync(
      join(out, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        files: ["flow.ts", "api.d.ts"],
      }),
    );
    const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
    const checked = spawnSync(process.execPath, [tsc, "-p", join(out, "tsconfig.json")], {
      encoding: "utf8",
    });
    assert.equal(checked.status, 0, checked.stdout + checked.stderr);

    const { flow } = (await import(pathToFileURL(join(out, "flow.ts")).href)) as {
      flow: (
        base: string,
        token: string,
      ) => Promise<{ step: string; status: number; detail?: string }[]>;
    };
    const steps = await flow(base, admin);
    assert.deepEqual(
      steps.map((s) => [s.step, s.status, s.detail]),
      [
        ["createNamespace", 201, "example"],
        ["createToken", 201, undefined],
        ["registerUrn", 201, "/api/v1/urns/urn:example:report-2026"],
        ["registerUrn again", 409, "urn:example:report-2026"],
        ["getUrn", 200, "https://www.example.org/reports/2026.pdf"],
        [
          "updateUrn",
          200,
          "https://mirror.example.net/reports/2026.pdf:true https://www.example.org/reports/2026.pdf:false",
        ],
        // The first number of a 5-digit sequence, 00001, and its ISO 7064 MOD 11-2 check
        // character: the running value is 2 after the digits, and (12 − 2) mod 11 = 10, written X.
        ["mintUrn", 201, "urn:example:doc-00001X"],
        ["activateUrn", 200, "active"],
        ["deactivateUrn", 200, "urn:example:report-2026"],
        ["registerUrn invalid", 422, "bad-locator"],
        ["checkUrn", 200, undefined],
        ["getResolutionStats", 200, "null"],
      ],
    );
  });
});
