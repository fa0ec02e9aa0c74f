// Organisations and prefixes over HTTP, on every engine: the issue's must-holds. A registrar of
// organisation A gets 403 for every write under B's prefixes and on B's locators; reservation
// mode refuses an unreserved URN; a naming- or URL-policy violation is a 422 naming the rule;
// 8 clients × 500 mints on each of two prefixes give 4,000 distinct, gapless numbers per prefix
// with correct check characters; suggestions never repeat. Expected check characters are worked
// out with the published algorithms (ISO 7064 MOD 11-2; the DNB's URN:NBN digit) in
// @urnkit/namespaces, which has its own tests against published examples.

import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { describe } from "node:test";
import { mod11_2CheckChar, nbnDeCheckDigit } from "@urnkit/namespaces";
import type { FastifyInstance } from "fastify";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const enc = encodeURIComponent;

for (const engine of engines) {
  describe(`organisations and prefixes over HTTP (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let app: FastifyInstance;
    let admin: string;
    let regA: string;
    let regB: string;
    let legacy: string;
    const auth = (token: string) => ({ authorization: `Bearer ${token}` });
    const call = (
      method: "GET" | "POST" | "PATCH" | "DELETE",
      url: string,
      token: string | null,
      payload?: unknown,
    ) =>
      app.inject({
        method,
        url,
        headers: token === null ? {} : auth(token),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    /** `urn` registered in use by the holder of `token`, with any other fields of `more`. */
    const registerInUse = (token: string, urn: string, more: object = {}) =>
      call("POST", "/api/v1/urns", token, { urn, status: "active", ...more });
    const json = (r: { body: string }) => JSON.parse(r.body);
    const prefixUrl = (nid: string, prefix: string, tail = "") =>
      `/api/v1/namespaces/${nid}/prefixes/${enc(prefix)}${tail}`;
    const expect = (r: { statusCode: number; body: string }, status: number, code?: string) => {
      assert.equal(r.statusCode, status, r.body);
      if (code !== undefined) assert.equal(json(r).code, code, r.body);
    };

    before(async () => {
      h = await engine.open();
      app = await buildServer({ store: h.store });
      admin = (await issueToken(h.store, { role: "admin" }, actor)).token;
      expect(
        await call("POST", "/api/v1/namespaces", admin, {
          nid: "example",
          local: true,
          mint: { prefix: "m-", width: 4, check: "none" },
        }),
        201,
      );
      expect(await call("POST", "/api/v1/namespaces", admin, { nid: "nbn" }), 201);
      expect(
        await call("POST", "/api/v1/organisations", admin, { id: "lib", name: "Library" }),
        201,
      );
      expect(
        await call("POST", "/api/v1/organisations", admin, {
          id: "fac",
          name: "Faculty",
          contact: "urn-team@fac.example",
        }),
        201,
      );
      const prefixes = [
        {
          nid: "example",
          prefix: "urn:example:lib-",
          organisation: "lib",
          naming: "[0-9]{6}[0-9X]",
          urls: ["https://lib.example/", "repo.lib.example"],
          check: "mod11-2",
          mirrors: true,
        },
        // A range of the library's prefix delegated to the faculty.
        { nid: "example", prefix: "urn:example:lib-9", organisation: "fac" },
        {
          nid: "example",
          prefix: "urn:example:fac-",
          organisation: "fac",
          modes: ["resolver", "reservation"],
        },
        { nid: "nbn", prefix: "urn:nbn:de:bsz:14-", organisation: "fac", check: "nbn" },
        { nid: "example", prefix: "urn:example:c1-", organisation: "lib", check: "mod11-2" },
        { nid: "nbn", prefix: "urn:nbn:de:bsz:15-", organisation: "lib", check: "nbn" },
      ];
      for (const { nid, ...body } of prefixes)
        expect(await call("POST", `/api/v1/namespaces/${nid}/prefixes`, admin, body), 201);
      const org = (organisation: string) =>
        issueToken(h.store, { role: "registrar", organisation }, actor);
      regA = (await org("lib")).token;
      regB = (await org("fac")).token;
      legacy = (await issueToken(h.store, { role: "registrar", namespace: "example" }, actor))
        .token;
    });
    after(async () => {
      await app.close();
      await h.close();
    });

    it("serves organisations: created by an admin, never deleted, ids are slugs", async () => {
      const one = await call("GET", "/api/v1/organisations/fac", regA);
      expect(one, 200);
      assert.equal(json(one).contact, "urn-team@fac.example");
      assert.deepEqual(
        json(await call("GET", "/api/v1/organisations", regA)).map((o: { id: string }) => o.id),
        ["fac", "lib", "local-registry"],
      );
      expect(await call("GET", "/api/v1/organisations", null), 401);
      expect(
        await call("POST", "/api/v1/organisations", admin, { id: "lib", name: "x" }),
        409,
        "organisation-exists",
      );
      const bad = await call("POST", "/api/v1/organisations", admin, {
        id: "Not A Slug",
        name: "x",
      });
      expect(bad, 400);
      assert.equal(json(bad).errors[0].path, "/id");
      expect(await call("POST", "/api/v1/organisations", regA, { id: "mine", name: "x" }), 403);
      expect(await call("DELETE", "/api/v1/organisations/fac", admin), 405, "never-deleted");
      const renamed = await call("PATCH", "/api/v1/organisations/fac", admin, {
        name: "Faculty of Arts",
      });
      expect(renamed, 200);
      assert.equal(json(renamed).name, "Faculty of Arts");
      expect(await call("GET", "/api/v1/organisations/nobody", admin), 404, "unknown-organisation");
    });

    it("serves prefixes by their percent-encoded text, any equivalent spelling", async () => {
      const one = await call("GET", prefixUrl("nbn", "URN:NBN:DE:BSZ:14-"), null);
      expect(one, 200);
      assert.equal(json(one).prefix, "urn:nbn:de:bsz:14-");
      assert.equal(json(one).organisation, "fac");
      assert.equal(json(one).check, "nbn");
      const list = json(await call("GET", "/api/v1/namespaces/example/prefixes", null));
      assert.deepEqual(
        list.map((p: { prefix: string }) => p.prefix),
        [
          "urn:example:c1-",
          "urn:example:fac-",
          "urn:example:lib-",
          "urn:example:lib-9",
          "urn:example:m-",
        ],
      );
      // The namespace's minting policy is a prefix of the local registry.
      assert.equal(
        list.find((p: { prefix: string }) => p.prefix === "urn:example:m-").organisation,
        "local-registry",
      );
      expect(
        await call("GET", prefixUrl("example", "urn:example:none-"), null),
        404,
        "unknown-prefix",
      );
    });

    it("refuses a prefix twice, outside its namespace, with a bad policy, or for a registrar", async () => {
      const post = (body: object, token = admin) =>
        call("POST", "/api/v1/namespaces/example/prefixes", token, body);
      expect(await post({ prefix: "URN:Example:lib-", organisation: "fac" }), 409, "prefix-exists");
      expect(await post({ prefix: "urn:other:x-", organisation: "fac" }), 422, "invalid-prefix");
      const regex = await post({ prefix: "urn:example:r-", organisation: "fac", naming: "([" });
      expect(regex, 422, "invalid-prefix");
      assert.equal(json(regex).errors[0].path, "/naming");
      const urls = await post({
        prefix: "urn:example:r-",
        organisation: "fac",
        urls: ["javascript:alert(1)"],
      });
      expect(urls, 422, "invalid-prefix");
      assert.equal(json(urls).errors[0].path, "/urls/0");
      expect(
        await post({ prefix: "urn:example:r-", organisation: "nobody" }),
        422,
        "unknown-organisation",
      );
      expect(await post({ prefix: "urn:example:r-", organisation: "lib" }, regA), 403);
      expect(
        await call("PATCH", prefixUrl("example", "urn:example:lib-"), regA, { mirrors: false }),
        403,
      );
    });

    it("gives a registrar of A 403 for every write under B's prefixes and on B's records", async () => {
      const minted = await call("POST", prefixUrl("example", "urn:example:fac-", "/mint"), regB, {
        status: "active",
        locators: [{ url: "https://fac.example/1" }],
      });
      expect(minted, 201);
      const urnB = json(minted).urn as string;
      assert.equal(urnB, "urn:example:fac-000001");
      assert.equal(json(minted).organisation, "fac");
      assert.equal(json(minted).locators[0].owner, "fac");
      const refusals = [
        registerInUse(regA, "urn:example:fac-000777"),
        registerInUse(regA, "urn:example:lib-9000001"),
        registerInUse(regA, "urn:example:lib-1000003", { organisation: "fac" }),
        call("POST", prefixUrl("example", "urn:example:fac-", "/mint"), regA, {}),
        call("POST", prefixUrl("example", "urn:example:fac-", "/reservations"), regA, {
          count: 2,
        }),
        call("GET", prefixUrl("example", "urn:example:fac-", "/suggestion"), regA),
        call("PATCH", `/api/v1/urns/${urnB}`, regA, { metadata: { title: "mine" } }),
        call("PATCH", `/api/v1/urns/${urnB}`, regA, {
          locators: [{ url: "https://lib.example/copy" }],
        }),
        call("POST", `/api/v1/urns/${urnB}/activate`, regA),
        call("POST", `/api/v1/urns/${urnB}/deactivate`, regA, { reason: "mine now" }),
        call("PATCH", "/api/v1/organisations/fac", regA, { active: false }),
      ];
      for (const r of await Promise.all(refusals)) assert.equal(r.statusCode, 403, r.body);
      const after = json(await call("GET", `/api/v1/urns/${urnB}`, null));
      assert.equal(after.status, "active");
      assert.deepEqual(
        after.locators.map((l: { url: string }) => l.url),
        ["https://fac.example/1"],
      );
    });

    it("lets B attach a mirror to A's URN when A's prefix allows it; each edits only its own", async () => {
      const urn = "urn:example:lib-1000003";
      expect(
        await call("POST", "/api/v1/urns", regA, {
          urn,
          status: "active",
          locators: [{ url: "https://lib.example/3", priority: 5 }],
        }),
        201,
      );
      const mirrored = await call("PATCH", `/api/v1/urns/${urn}`, regB, {
        locators: [{ url: "https://mirror.fac.example/3" }],
      });
      expect(mirrored, 200);
      assert.deepEqual(
        json(mirrored).locators.map((l: { url: string; owner: string; active: boolean }) => [
          l.url,
          l.owner,
          l.active,
        ]),
        [
          ["https://lib.example/3", "lib", true],
          ["https://mirror.fac.example/3", "fac", true],
        ],
      );
      // B cannot touch A's locator, nor the metadata; A cannot re-activate or edit B's.
      expect(
        await call("PATCH", `/api/v1/urns/${urn}`, regB, {
          locators: [{ url: "https://lib.example/3", active: false }],
        }),
        403,
        "other-organisation",
      );
      expect(
        await call("PATCH", `/api/v1/urns/${urn}`, regB, { metadata: { x: 1 } }),
        403,
        "other-organisation",
      );
      expect(
        await call("PATCH", `/api/v1/urns/${urn}`, regA, {
          locators: [
            { url: "https://lib.example/3", priority: 5 },
            { url: "https://mirror.fac.example/3", priority: 9 },
          ],
        }),
        403,
        "other-organisation",
      );
      // A's own replacement leaves B's mirror alone; the URN's owner may deactivate it.
      const replaced = await call("PATCH", `/api/v1/urns/${urn}`, regA, {
        locators: [{ url: "https://lib.example/3b" }],
      });
      expect(replaced, 200);
      // Best first: the owner's before a mirror (priorities rank within one owner), then
      // priority, then the oldest.
      assert.deepEqual(
        json(replaced)
          .locators.filter((l: { active: boolean }) => l.active)
          .map((l: { url: string }) => l.url),
        ["https://lib.example/3b", "https://mirror.fac.example/3"],
      );
      const off = await call("PATCH", `/api/v1/urns/${urn}`, regA, {
        locators: [
          { url: "https://lib.example/3b" },
          { url: "https://mirror.fac.example/3", active: false },
        ],
      });
      expect(off, 200);
      const mirror = json(off).locators.find(
        (l: { url: string }) => l.url === "https://mirror.fac.example/3",
      );
      assert.deepEqual([mirror.owner, mirror.active], ["fac", false]);
      // On B's prefix, which takes no mirrors, A cannot attach one.
      expect(
        await call("PATCH", "/api/v1/urns/urn:example:fac-000001", regA, {
          locators: [{ url: "https://lib.example/m" }],
        }),
        403,
      );
    });

    it("refuses an unreserved URN in reservation mode and registers a reserved one", async () => {
      const reserved = await call(
        "POST",
        prefixUrl("example", "urn:example:fac-", "/reservations"),
        regB,
        { count: 3 },
      );
      expect(reserved, 201);
      // fac- minted 000001 above: the next three numbers.
      assert.deepEqual(json(reserved).urns, [
        "urn:example:fac-000002",
        "urn:example:fac-000003",
        "urn:example:fac-000004",
      ]);
      const record = json(await call("GET", "/api/v1/urns/urn:example:fac-000003", null));
      assert.deepEqual([record.status, record.organisation], ["reserved", "fac"]);
      const unreserved = await registerInUse(regB, "urn:example:fac-000099");
      expect(unreserved, 403, "registration-mode");
      assert.match(json(unreserved).detail, /not reserved/);
      const done = await registerInUse(regB, "urn:example:fac-000003", {
        locators: [{ url: "https://fac.example/3" }],
        identifiers: [{ type: "shelfmark", value: "Fac 3" }],
      });
      expect(done, 201);
      assert.equal(json(done).status, "active");
      assert.deepEqual(json(done).identifiers, [{ type: "shelfmark", value: "Fac 3" }]);
      expect(
        await call("POST", prefixUrl("example", "urn:example:fac-", "/reservations"), regB, {
          count: 1001,
        }),
        400,
        "invalid-request",
      );
      // A prefix without reservation mode refuses reservations.
      expect(
        await call("PATCH", prefixUrl("example", "urn:example:fac-"), admin, {
          modes: ["resolver"],
        }),
        200,
      );
      expect(
        await call("POST", prefixUrl("example", "urn:example:fac-", "/reservations"), regB, {
          count: 1,
        }),
        403,
        "registration-mode",
      );
    });

    it("refuses naming- and URL-policy violations with 422 naming the rule", async () => {
      const naming = await registerInUse(regA, "urn:example:lib-abc");
      expect(naming, 422, "naming-policy");
      assert.equal(json(naming).rule, "naming");
      assert.match(json(naming).detail, /\[0-9\]\{6\}\[0-9X\]/);
      // urn:nbn:de:bsz:14-000001 has the DNB check digit 1 (worked out in the module header's
      // test vectors of @urnkit/namespaces); 2 is wrong.
      assert.equal(nbnDeCheckDigit("urn:nbn:de:bsz:14-000001"), "1");
      const digit = await registerInUse(regB, "urn:nbn:de:bsz:14-0000012");
      expect(digit, 422, "naming-policy");
      assert.equal(json(digit).rule, "nbn-de-check-digit");
      expect(await registerInUse(regB, "urn:nbn:de:bsz:14-0000011"), 201);
      const url = await registerInUse(regA, "urn:example:lib-1234560", {
        locators: [{ url: "https://elsewhere.example/x" }],
      });
      expect(url, 422, "url-policy");
      assert.equal(json(url).rule, "urls");
      expect(
        await registerInUse(regA, "urn:example:lib-1234560", {
          locators: [{ url: "https://repo.lib.example/x" }, { url: "https://lib.example/y" }],
        }),
        201,
      );
    });

    it("keeps identifiers unique per organisation and looks records up by them", async () => {
      /** `urn` reserved with the OAI identifier `value`. */
      const reserve = (token: string, urn: string, value: string) =>
        call("POST", "/api/v1/urns", token, {
          urn,
          status: "reserved",
          identifiers: [{ type: "oai", value }],
        });
      expect(await reserve(regA, "urn:example:lib-5000001", "oai:lib.example:5/1"), 201);
      const found = await call(
        "GET",
        `/api/v1/organisations/lib/identifiers/oai/${enc("oai:lib.example:5/1")}`,
        null,
      );
      expect(found, 200);
      assert.equal(json(found).urn, "urn:example:lib-5000001");
      expect(
        await call("GET", "/api/v1/organisations/fac/identifiers/oai/x", null),
        404,
        "unknown-identifier",
      );
      expect(
        await reserve(regA, "urn:example:lib-5000002", "oai:lib.example:5/1"),
        409,
        "identifier-taken",
      );
      expect(await reserve(admin, "urn:example:free-1", "x"), 422, "organisation-required");
    });

    it("keeps namespace-scoped tokens working as before", async () => {
      const minted = await call("POST", "/api/v1/namespaces/example/mint", legacy, {});
      expect(minted, 201);
      assert.equal(json(minted).urn, "urn:example:m-0001");
      assert.equal(json(minted).organisation, "local-registry");
      const free = await registerInUse(legacy, "urn:example:free-2", {
        locators: [{ url: "https://anywhere.example/" }],
      });
      expect(free, 201);
      assert.equal(json(free).organisation, null);
      // An organisation's registrar has no scope outside its prefixes.
      expect(await registerInUse(regA, "urn:example:free-3"), 403);
    });

    it("mints over HTTP: 8 clients × 500 on each of two prefixes, gapless, correct check characters", async () => {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      const mint = async (prefix: string, nid: string) => {
        const r = await fetch(`${base}${prefixUrl(nid, prefix, "/mint")}`, {
          method: "POST",
          headers: { ...auth(regA), "content-type": "application/json" },
          body: "{}",
        });
        assert.equal(r.status, 201);
        return ((await r.json()) as { urn: string }).urn;
      };
      const got: Record<string, string[]> = { c1: [], bsz: [] };
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let i = 0; i < 500; i++) {
            got.c1?.push(await mint("urn:example:c1-", "example"));
            got.bsz?.push(await mint("urn:nbn:de:bsz:15-", "nbn"));
          }
        }),
      );
      for (const [name, urns] of Object.entries(got)) {
        assert.equal(new Set(urns).size, 4000, name);
        const numbers = urns.map((u) => {
          const m = /-(\d{6})(.)$/.exec(u) as RegExpExecArray;
          const digits = m[1] as string;
          const want = name === "c1" ? mod11_2CheckChar(digits) : nbnDeCheckDigit(u.slice(0, -1));
          assert.equal(m[2], want, u);
          return Number(digits);
        });
        assert.deepEqual(
          numbers.sort((a, b) => a - b),
          Array.from({ length: 4000 }, (_, i) => i + 1),
          name,
        );
      }
      // Suggestions from 8 clients at once: never the same URN twice, none of them minted.
      const suggested = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const mine: string[] = [];
          for (let i = 0; i < 25; i++) {
            const r = await fetch(
              `${base}${prefixUrl("example", "urn:example:c1-", "/suggestion")}`,
              { headers: auth(regA) },
            );
            assert.equal(r.status, 200);
            mine.push(((await r.json()) as { urn: string }).urn);
          }
          return mine;
        }),
      );
      const all = suggested.flat();
      assert.equal(new Set(all).size, 200);
      assert.ok(all.every((u) => !got.c1?.includes(u)));
    });

    it("minting skips a number registered by hand, and one inside a nested prefix", async () => {
      expect(
        await call("POST", "/api/v1/namespaces/example/prefixes", admin, {
          prefix: "urn:example:skip-",
          organisation: "lib",
          width: 3,
        }),
        201,
      );
      // urn:example:skip-004 and everything after "skip-00" + "5" belong to a faculty range.
      expect(
        await call("POST", "/api/v1/namespaces/example/prefixes", admin, {
          prefix: "urn:example:skip-005",
          organisation: "fac",
        }),
        201,
      );
      expect(await registerInUse(regA, "urn:example:skip-002"), 201);
      const urns: string[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await call("POST", prefixUrl("example", "urn:example:skip-", "/mint"), regA, {});
        expect(r, 201);
        urns.push(json(r).urn);
      }
      assert.deepEqual(urns, [
        "urn:example:skip-001",
        "urn:example:skip-003",
        "urn:example:skip-004",
        "urn:example:skip-006",
      ]);
      // The sequence went past the skipped numbers: 7 is next.
      assert.equal(
        json(await call("GET", prefixUrl("example", "urn:example:skip-"), null)).next,
        7,
      );
    });

    it("delegates by prefix, longest match: a nested prefix is resolved here", async () => {
      expect(
        await call("POST", "/api/v1/namespaces/example/prefixes", admin, {
          prefix: "urn:example:far-",
          organisation: "fac",
          delegate: "https://far.example/resolve/{urn}",
        }),
        201,
      );
      expect(
        await call("POST", "/api/v1/namespaces/example/prefixes", admin, {
          prefix: "urn:example:far-here-",
          organisation: "lib",
        }),
        201,
      );
      const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      // Through the resolution fast path and through fastify's route (inject).
      const fast = await fetch(`${base}/urn:example:far-7`, { redirect: "manual" });
      assert.equal(fast.status, 302);
      assert.equal(fast.headers.get("location"), "https://far.example/resolve/urn:example:far-7");
      const routed = await app.inject({ url: "/urn:example:far-7" });
      assert.equal(routed.statusCode, 302);
      assert.equal(
        (await fetch(`${base}/urn:example:far-here-1`, { redirect: "manual" })).status,
        404,
      );
    });

    it("stops a deactivated organisation's tokens; its records stay and resolve", async () => {
      expect(await call("PATCH", "/api/v1/organisations/fac", admin, { active: false }), 200);
      expect(await call("POST", prefixUrl("example", "urn:example:fac-", "/mint"), regB, {}), 401);
      const r = await app.inject({ url: "/urn:example:fac-000001" });
      assert.equal(r.statusCode, 303);
      assert.equal(r.headers.location, "https://fac.example/1");
      expect(
        await call("POST", "/api/v1/tokens", admin, { role: "registrar", organisation: "fac" }),
        422,
        "inactive-organisation",
      );
    });
  });
}
