// `serve --delegate-public` (buildServer's delegatePublic) and the public resolvers offered for a
// URN not served here: the 302 with its Link header, the N2Ls list, a namespace or delegated prefix
// served here always winning, every answer unchanged with the option off, the 404 page and the
// inspector's "Resolve it elsewhere", and GET /api/v1/public-resolvers. Expected URLs are worked out
// from the rows of @urnkit/namespaces' table (data/public-resolvers.json). No test asks a public
// resolver: redirects are asserted, never followed.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { URN } from "@urnkit/core";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { namespaceKey } from "../../src/registry/namespace-keys.js";
import { buildServer } from "../../src/server.js";
import { errorPage } from "../../src/ui/error-page.js";
import { type EngineHandle, engines } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";

const actor = { tokenId: null };
const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const TKK = "urn:nbn:fi:tkk-004781";

/** The Link header entry for one candidate, as RFC 8288 writes it. */
const link = (url: string, title: string, status: string, kind: string) =>
  `<${url}>; rel="alternate"; title="${title}"; status="${status}"; kind="${kind}"`;

const META = "nbn-resolving.org (meta-resolver)";

/** What a 302 to a public resolver must carry: the best candidate and the others in order. */
const REDIRECTS: [string, string, string | undefined][] = [
  // nbn-fi (urn:nbn:fi, then "-") and the meta-resolver (urn:nbn), both live: longest first.
  [
    "urn:nbn:fi-fe2021050428812",
    "https://urn.fi/urn:nbn:fi-fe2021050428812",
    link("https://nbn-resolving.org/urn:nbn:fi-fe2021050428812", META, "live", "redirect"),
  ],
  // The sub-namespace fi:tkk has a row of its own, but unverified: after both live ones.
  [
    TKK,
    `https://urn.fi/${TKK}`,
    `${link(`https://nbn-resolving.org/${TKK}`, META, "live", "redirect")}, ${link(
      `http://urn.tkk.fi/resolve?urn=${TKK}`,
      "TKK URN resolver",
      "unverified",
      "redirect",
    )}`,
  ],
  // Norway's two rows share a prefix (table order), then the meta-resolver; the URN as written.
  [
    "URN:NBN:no-56882",
    "https://urn.nb.no/URN:NBN:no-56882",
    `${link(
      "https://www.nb.no/idtjeneste/search.jsf?urn=URN:NBN:no-56882",
      "NB id-tjeneste search",
      "live",
      "landing-page",
    )}, ${link("https://nbn-resolving.org/URN:NBN:no-56882", META, "live", "redirect")}`,
  ],
  // {urn%}: the URN encoded as a query value.
  [
    "urn:nbn:se:uu:diva-352637",
    "https://urn.kb.se/resolve?urn=urn%3Anbn%3Ase%3Auu%3Adiva-352637",
    link("https://nbn-resolving.org/urn:nbn:se:uu:diva-352637", META, "live", "redirect"),
  ],
  // Germany's row and the meta-resolver give the same URL: one candidate, so no Link header.
  [
    "urn:nbn:de:bsz:14-qucosa2-123456",
    "https://nbn-resolving.org/urn:nbn:de:bsz:14-qucosa2-123456",
    undefined,
  ],
  [
    "urn:ietf:rfc:8141",
    "https://www.rfc-editor.org/info/rfc8141",
    link(
      "http://www.ietf.org/rfc/rfc8141.txt",
      "IETF RFC text files",
      "unverified",
      "landing-page",
    ),
  ],
  // GTIN 1 0614141 12345 and its check digit: 3·5+4+3·3+2+3·1+1+3·4+1+3·4+1+3·6+0+3·1 = 81 → 9.
  ["urn:epc:id:sgtin:0614141.112345.400", "https://id.gs1.org/01/10614141123459/21/400", undefined],
];

const TKK_LIST = `# ${TKK}\r\nhttps://urn.fi/${TKK}\r\nhttps://nbn-resolving.org/${TKK}\r\nhttp://urn.tkk.fi/resolve?urn=${TKK}\r\n`;

/** Status, header fields and body, without what changes per request. */
function wire(r: LightMyRequestResponse) {
  const { date: _date, "x-request-id": _id, connection: _c, ...headers } = r.headers;
  return { status: r.statusCode, headers, body: r.body };
}

/** The "Resolve it elsewhere" links of a page: href, name, badge class and status word. */
function elsewhereLinks(body: string): string[][] {
  return [
    ...body.matchAll(
      /<li><a href="([^"]+)" rel="nofollow">([^<]+)<\/a> <span class="badge (ok|warn)">(live|unverified)<\/span>/g,
    ),
  ].map((m) => m.slice(1));
}

const TKK_LINKS = [
  [`https://urn.fi/${TKK}`, "URN.fi", "ok", "live"],
  [`https://nbn-resolving.org/${TKK}`, META, "ok", "live"],
  [`http://urn.tkk.fi/resolve?urn=${TKK}`, "TKK URN resolver", "warn", "unverified"],
];

for (const engine of engines)
  describe(`serve --delegate-public and public resolvers (${engine.name})`, () => {
    const { it, before, after } = skippedWhen(engine.skip);
    let h: EngineHandle;
    let off: FastifyInstance;
    let on: FastifyInstance;

    before(async () => {
      h = await engine.open();
      const { store } = h;
      const record = (urn: string, status: "active" | "reserved", url?: string) =>
        store.records.create(
          {
            key: namespaceKey(new URN(urn)),
            urn,
            nid: new URN(urn).nid,
            status,
            locators: url === undefined ? [] : [{ url }],
            metadata: {},
          },
          actor,
        );
      await store.namespaces.create({ nid: "example", local: true }, actor);
      // Served here although public resolvers know them: issn with a record, doi delegating a prefix.
      await store.namespaces.create({ nid: "issn" }, actor);
      await store.namespaces.create(
        {
          nid: "doi",
          delegate: [{ prefix: "urn:doi:10.1000/", url: "https://doi.registry.example/{nss}" }],
        },
        actor,
      );
      await record("urn:example:book", "active", "https://a.example/book");
      await record("urn:example:later", "reserved");
      await record("urn:example:gone", "active", "https://a.example/gone");
      await store.records.deactivate(
        namespaceKey(new URN("urn:example:gone")),
        { reason: "withdrawn" },
        actor,
      );
      await record("urn:issn:1476-4687", "active", "https://issn.registry.example/1476-4687");
      off = await buildServer({ store });
      on = await buildServer({ store, delegatePublic: true });
    });

    after(async () => {
      await off.close();
      await on.close();
      await h.close();
    });

    for (const [urn, location, links] of REDIRECTS) {
      it(`${urn}: 302 to ${location}${links === undefined ? ", no Link header" : ", the others in Link"}`, async () => {
        for (const method of ["GET", "HEAD"] as const) {
          const r = await on.inject({ method, url: `/${urn}` });
          assert.equal(r.statusCode, 302);
          assert.equal(r.headers.location, location);
          assert.equal(r.headers.link, links);
          assert.equal(r.headers["cache-control"], "public, max-age=300");
          // The same whatever the client accepts, as a delegated namespace's redirect.
          assert.equal(r.headers.vary, undefined);
          assert.equal(r.body, "");
        }
        for (const accept of [BROWSER, "application/json", "text/uri-list"]) {
          const r = await on.inject({ url: `/${urn}`, headers: { accept } });
          assert.deepEqual([r.statusCode, r.headers.location], [302, location]);
        }
        const n2l = await on.inject(`/uri-res/N2L?${urn}`);
        assert.deepEqual([n2l.statusCode, n2l.headers.location], [302, location]);
      });
    }

    it("N2Ls, I2Ls and s=I2Ls list every candidate as text/uri-list; metadata and names stay 404", async () => {
      for (const url of [`/uri-res/N2Ls?${TKK}`, `/uri-res/I2Ls?${TKK}`]) {
        const r = await on.inject(url);
        assert.equal(r.statusCode, 200);
        assert.equal(r.headers["content-type"], "text/uri-list; charset=utf-8");
        assert.equal(r.headers["cache-control"], "public, max-age=60");
        assert.equal(r.body, TKK_LIST);
        const again = await on.inject({
          url,
          headers: { "if-none-match": r.headers.etag as string },
        });
        assert.equal(again.statusCode, 304);
      }
      // The comment line holds the URN as asked, r-component and all.
      const r = await on.inject(`/${TKK}?+s=I2Ls`);
      assert.equal(r.body, TKK_LIST.replace(`# ${TKK}`, `# ${TKK}?+s=I2Ls`));
      for (const url of [`/uri-res/N2C?${TKK}`, `/uri-res/N2Ns?${TKK}`, `/${TKK}?+s=I2C`]) {
        const r = await on.inject(url);
        assert.equal(r.statusCode, 404, url);
        assert.equal(JSON.parse(r.body).code, "unknown-urn");
      }
    });

    it("a namespace served here, its delegated prefix and its records always win", async () => {
      const cases: [string, number, string | undefined][] = [
        ["/urn:issn:1476-4687", 303, "https://issn.registry.example/1476-4687"],
        // issn has a public row, but this server serves issn: unknown here is unknown.
        ["/urn:issn:0317-8471", 404, undefined],
        ["/urn:doi:10.1000/182", 302, "https://doi.registry.example/10.1000/182"],
        ["/urn:doi:10.5555/12345678", 404, undefined],
        ["/urn:example:book", 303, "https://a.example/book"],
        ["/urn:example:nobody", 404, undefined],
        ["/uri-res/N2Ls?urn:issn:0317-8471", 404, undefined],
      ];
      for (const [url, status, location] of cases) {
        const r = await on.inject(url);
        assert.deepEqual([r.statusCode, r.headers.location], [status, location], url);
        assert.equal(r.headers.link, undefined);
      }
    });

    it("with the option off (and on, where it does not apply) every answer is unchanged", async () => {
      // Off, a URN public resolvers know gets the same 404 as before, to programs.
      for (const [urn] of REDIRECTS) {
        for (const url of [`/${urn}`, `/uri-res/N2L?${urn}`, `/uri-res/N2Ls?${urn}`]) {
          const r = await off.inject(url);
          assert.equal(r.statusCode, 404);
          assert.equal(r.headers["cache-control"], "no-store");
          assert.equal(r.headers["content-type"], "application/problem+json; charset=utf-8");
          assert.equal(r.headers.vary, "Accept");
          assert.equal(r.headers.link, undefined);
          assert.equal(
            r.body,
            `{"type":"about:blank","title":"Not Found","status":404,"detail":"${urn} is not registered here","code":"unknown-urn","urn":"${urn}"}`,
          );
        }
      }
      // Answers the option does not touch are the same byte for byte with it on.
      const untouched = [
        "/urn:example:book",
        "/urn:example:book?+s=I2Ls",
        "/urn:example:later",
        "/urn:example:gone",
        "/urn:example:nobody",
        "/urn:issn:1476-4687",
        "/urn:issn:0317-8471",
        "/urn:doi:10.1000/182",
        "/urn:doi:10.5555/12345678",
        "/urn:nowhere:x",
        "/urn:nbn:",
        "/urn:example:a?b",
        `/uri-res/N2C?${TKK}`,
        `/uri-res/N2Ns?${TKK}`,
        "/uri-res/N2Ls?urn:nowhere:x",
        "/uri-res/X2Y?urn:nowhere:x",
      ];
      for (const url of untouched)
        for (const accept of [undefined, "application/json", "text/uri-list", BROWSER]) {
          const headers = accept === undefined ? {} : { accept };
          assert.deepEqual(
            wire(await on.inject({ url, headers })),
            wire(await off.inject({ url, headers })),
            `${url} ${accept}`,
          );
        }
    });

    it("the 404 page offers the public resolvers, best first, marked live or unverified", async () => {
      for (const server of [off, on]) {
        // With the option on only a service it does not answer (metadata) reaches the page.
        const url = server === off ? `/${TKK}` : `/${TKK}?+s=I2C`;
        const page = await server.inject({ url, headers: { accept: BROWSER } });
        assert.equal(page.statusCode, 404);
        assert.match(page.body, /<h2 id="h-elsewhere">Resolve it elsewhere<\/h2>/);
        assert.deepEqual(elsewhereLinks(page.body), TKK_LINKS);
      }
      // The page is the one before, with the section added: nothing else changed.
      const page = await off.inject({ url: `/${TKK}`, headers: { accept: BROWSER } });
      const before = errorPage(
        {
          type: "about:blank",
          title: "Not Found",
          status: 404,
          detail: `${TKK} is not registered here`,
          code: "unknown-urn",
          urn: TKK,
        },
        TKK,
      );
      assert.equal(
        page.body.replace(/<section aria-labelledby="h-elsewhere">[\s\S]*?<\/section>/, ""),
        before,
      );
      // Nothing to offer: served here (even without the record), or no public resolver known.
      for (const url of ["/urn:issn:0317-8471", "/urn:example:nobody", "/urn:nowhere:x"]) {
        const r = await off.inject({ url, headers: { accept: BROWSER } });
        assert.equal(r.statusCode, 404);
        assert.doesNotMatch(r.body, /Resolve it elsewhere/, url);
      }
    });

    it("the inspector offers the same candidates for a URN not served here", async () => {
      const r = await off.inject(`/inspect?urn=${encodeURIComponent(TKK)}`);
      assert.equal(r.statusCode, 200);
      assert.deepEqual(elsewhereLinks(r.body), TKK_LINKS);
      for (const urn of [
        "urn:issn:0317-8471",
        "urn:issn:1476-4687",
        "urn:nowhere:x",
        "urn:x:a?b",
      ]) {
        const page = await off.inject(`/inspect?urn=${encodeURIComponent(urn)}`);
        assert.doesNotMatch(page.body, /Resolve it elsewhere/, urn);
      }
    });

    it("the home box sends a URN public resolvers know to resolution (its redirect or its page)", async () => {
      for (const server of [off, on]) {
        const r = await server.inject(`/go?urn=${encodeURIComponent(TKK)}&do=resolve`);
        assert.deepEqual([r.statusCode, r.headers.location], [303, `/${TKK}`]);
        // Nothing to offer: the home page says so, as before.
        const none = await server.inject(
          `/go?urn=${encodeURIComponent("urn:nowhere:x")}&do=resolve`,
        );
        assert.equal(none.statusCode, 404);
        assert.match(none.body, /<code>urn:nowhere:x<\/code> is not registered here/);
      }
    });

    it("GET /api/v1/public-resolvers: the candidates as JSON, whatever the option", async () => {
      for (const server of [off, on]) {
        const r = await server.inject(`/api/v1/public-resolvers?urn=${TKK}`);
        assert.equal(r.statusCode, 200);
        assert.equal(r.headers["content-type"], "application/json; charset=utf-8");
        assert.equal(r.headers["cache-control"], "public, max-age=60");
        const body = JSON.parse(r.body);
        assert.equal(body.urn, TKK);
        assert.equal(body.servedHere, false);
        assert.deepEqual(
          body.candidates.map((c: Record<string, unknown>) => [c.id, c.url, c.status, c.kind]),
          [
            ["nbn-fi", `https://urn.fi/${TKK}`, "live", "redirect"],
            ["nbn-meta", `https://nbn-resolving.org/${TKK}`, "live", "redirect"],
            ["nbn-fi-tkk", `http://urn.tkk.fi/resolve?urn=${TKK}`, "unverified", "redirect"],
          ],
        );
        assert.deepEqual(Object.keys(body.candidates[0]), [
          "url",
          "id",
          "prefix",
          "name",
          "operator",
          "kind",
          "status",
          "confirmed",
          "source",
        ]);
        assert.deepEqual(
          [body.candidates[0].prefix, body.candidates[0].name, body.candidates[0].operator],
          ["urn:nbn:fi", "URN.fi", "National Library of Finland"],
        );
        const again = await server.inject({
          url: `/api/v1/public-resolvers?urn=${TKK}`,
          headers: { "if-none-match": r.headers.etag as string },
        });
        assert.equal(again.statusCode, 304);
      }
      const served = JSON.parse(
        (await on.inject("/api/v1/public-resolvers?urn=urn:issn:0317-8471")).body,
      );
      assert.deepEqual(
        [served.servedHere, served.candidates.map((c: { url: string }) => c.url)],
        [true, ["https://urn.issn.org/urn:issn:0317-8471"]],
      );
      const encoded = await on.inject(
        `/api/v1/public-resolvers?urn=${encodeURIComponent("urn:nbn:fi-fe2021050428812")}`,
      );
      assert.equal(JSON.parse(encoded.body).urn, "urn:nbn:fi-fe2021050428812");
      assert.equal(
        (await on.inject("/api/v1/public-resolvers?urn=urn:nowhere:x")).body,
        '{"urn":"urn:nowhere:x","servedHere":false,"candidates":[]}',
      );
      const malformed = await on.inject({
        url: "/api/v1/public-resolvers?urn=urn:example:a?b",
        headers: { accept: BROWSER },
      });
      assert.equal(malformed.statusCode, 400);
      assert.equal(malformed.headers["content-type"], "application/problem+json; charset=utf-8");
      assert.deepEqual(
        [JSON.parse(malformed.body).code, JSON.parse(malformed.body).index],
        ["bare-question-mark", 13],
      );
      assert.equal((await on.inject("/api/v1/public-resolvers")).statusCode, 400);
    });

    it("the endpoint is in /openapi.json, and /metrics counts the public answers", async () => {
      const doc = JSON.parse((await on.inject("/openapi.json")).body);
      const op = doc.paths["/api/v1/public-resolvers"].get;
      assert.deepEqual(
        op.parameters.map((p: { name: string; in: string; required: boolean }) => [
          p.name,
          p.in,
          p.required,
        ]),
        [["urn", "query", true]],
      );
      const candidate =
        op.responses["200"].content["application/json"].schema.properties.candidates.items;
      assert.deepEqual(candidate.properties.status.enum, ["live", "unverified"]);
      await on.inject(`/${TKK}`);
      await on.inject(`/uri-res/N2Ls?${TKK}`);
      const metrics = (await on.inject("/metrics")).body;
      assert.match(metrics, /urnkit_resolutions_total\{outcome="public"\} [1-9]/);
      assert.match(metrics, /urnkit_resolutions_total\{outcome="public-list"\} [1-9]/);
    });
  });
