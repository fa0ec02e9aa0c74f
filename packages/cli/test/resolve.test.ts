// `urnkit resolve`: the registry first (--db, --server) when it holds the URN, then the public
// candidates with kind and status; --json; exit codes; --follow with its fallbacks and the SSRF
// guard. Every request goes to loopback servers standing in for the table's hosts.

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { URN } from "@urnkit/core";
import { namespaceKey } from "@urnkit/namespaces";
import { buildServer, openStore, seedExample } from "@urnkit/server";
import { jsonLines, run } from "./run-cli.js";
import { answer, type StandIn, standIn } from "./stand-in-resolvers.js";

interface Resolution {
  input: string;
  valid: boolean;
  found: boolean;
  registry: {
    source: string;
    outcome: string;
    location: string | null;
    successor?: string;
    status?: number;
  } | null;
  candidates: { url: string; id: string; kind: string; status: string }[];
  follow?: {
    from: string;
    ok: boolean;
    url: string;
    status: number | null;
    redirects: number;
    error: { code: string } | null;
    answer: string | null;
  }[];
}

const resolutions = (stdout: string) => jsonLines(stdout) as Resolution[];

describe("urnkit resolve: public candidates", () => {
  it("the issue's URNs, with their candidates best first (URLs worked out from the table)", async () => {
    const r = await run([
      "resolve",
      "--json",
      "urn:nbn:fi-fe2021050428812",
      "urn:nbn:de:bsz:14-qucosa2-123456",
      "urn:ietf:rfc:8141",
      "urn:issn:1234-5679",
    ]);
    assert.equal(r.code, 0, r.stderr);
    const [fi, de, rfc, issn] = resolutions(r.stdout);
    assert.deepEqual(
      fi?.candidates.map((c) => [c.url, c.kind, c.status]),
      [
        ["https://urn.fi/urn:nbn:fi-fe2021050428812", "redirect", "live"],
        ["https://nbn-resolving.org/urn:nbn:fi-fe2021050428812", "redirect", "live"],
      ],
    );
    assert.deepEqual(
      de?.candidates.map((c) => c.url),
      [
        "https://nbn-resolving.org/urn:nbn:de:bsz:14-qucosa2-123456",
        "https://nbn-resolving.org/urn:nbn:de:bsz:14-qucosa2-123456",
      ],
    );
    assert.deepEqual(
      de?.candidates.map((c) => c.id),
      ["nbn-de", "nbn-meta"],
    );
    assert.deepEqual(
      rfc?.candidates.map((c) => [c.url, c.status]),
      [
        ["https://www.rfc-editor.org/info/rfc8141", "live"],
        ["http://www.ietf.org/rfc/rfc8141.txt", "unverified"],
      ],
    );
    assert.deepEqual(
      issn?.candidates.map((c) => c.url),
      ["https://urn.issn.org/urn:issn:1234-5679"],
    );
    assert.ok([fi, de, rfc, issn].every((x) => x?.found === true && x.registry === null));
  });

  it("text: one line per candidate with kind and status, unverified ones marked", async () => {
    const r = await run(["resolve", "urn:nbn:hu-8131"]);
    assert.equal(r.code, 0);
    assert.deepEqual(r.stdout.split("\n"), [
      "urn:nbn:hu-8131",
      "  1  live        redirect      https://nbn-resolving.org/urn:nbn:hu-8131  (nbn-resolving.org (meta-resolver), Deutsche Nationalbibliothek (DNB))",
      "  2  unverified  redirect      http://nbn.urn.hu/N2L?urn:nbn:hu-8131  (OSZK N2L resolver, National Széchényi Library (OSZK))",
      "",
    ]);
  });

  it("exit 1 for a namespace nobody resolves, and for a string that is not a URN", async () => {
    const unknown = await run(["resolve", "urn:example:a123"]);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stdout, /no resolver known for this namespace or prefix/);
    const mixed = await run([
      "resolve",
      "--json",
      "urn:issn:1476-4687",
      "urn:x:y",
      "urn:example:z",
    ]);
    assert.equal(mixed.code, 1);
    const [ok, bad, none] = resolutions(mixed.stdout);
    assert.equal(ok?.found, true);
    assert.deepEqual(
      [bad?.valid, bad?.found, (bad as unknown as { error: { code: string } }).error.code],
      [false, false, "nid-too-short"],
    );
    assert.deepEqual([none?.valid, none?.found, none?.candidates], [true, false, []]);
  });

  it("reads URNs from standard input, one a line", async () => {
    const r = await run(["resolve", "--json"], {
      stdin: "urn:doi:10.1000/182\nurn:oid:2.16.840\n",
    });
    assert.equal(r.code, 0);
    assert.deepEqual(
      resolutions(r.stdout).map((x) => x.candidates[0]?.url),
      ["https://doi.org/10.1000/182", "https://oid-base.com/get/2.16.840"],
    );
  });

  it("exit 2 for usage errors", async () => {
    const cases: [string[], RegExp, Record<string, string>?][] = [
      [["resolve", "--timeout", "0", "urn:issn:1476-4687"], /--timeout must be/],
      [["resolve", "--db", "x.db", "--server", "http://h", "urn:issn:1476-4687"], /not both/],
      [["resolve", "--server", "ftp://h", "urn:issn:1476-4687"], /--server must be an http/],
      [
        ["resolve", "--follow", "urn:issn:1476-4687"],
        /URNKIT_RESOLVER_ORIGINS: "urn.issn.org" is not host=/,
        { URNKIT_RESOLVER_ORIGINS: "urn.issn.org" },
      ],
    ];
    for (const [args, message, env] of cases) {
      const r = await run(args, { env });
      assert.equal(r.code, 2, args.join(" "));
      assert.match(r.stderr, message);
    }
  });
});

describe("urnkit resolve: the registry first", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-resolve-"));
  const db = join(dir, "r.db");
  let server: Awaited<ReturnType<typeof buildServer>>;
  let serverUrl: string;
  before(async () => {
    const store = await openStore(db);
    await seedExample(store);
    const actor = { tokenId: null };
    await store.namespaces.create({ nid: "nbn" }, actor);
    const urn = "urn:nbn:fi-local-1";
    await store.records.create(
      {
        urn,
        key: namespaceKey(new URN(urn)),
        nid: "nbn",
        status: "active",
        locators: [{ url: "https://repository.example.org/local-1" }],
      },
      actor,
    );
    await store.close();
    server = await buildServer({ store: await openStore(db) });
    await server.listen({ port: 0, host: "127.0.0.1" });
    serverUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("--db: a record the registry holds comes first, then the public candidates", async () => {
    const r = await run(["resolve", "--db", db, "--json", "urn:nbn:fi-local-1"]);
    assert.equal(r.code, 0, r.stderr);
    const [x] = resolutions(r.stdout);
    assert.deepEqual(x?.registry, {
      source: "db",
      outcome: "locator",
      location: "https://repository.example.org/local-1",
    });
    assert.deepEqual(
      x?.candidates.map((c) => c.id),
      ["nbn-fi", "nbn-meta"],
    );
    const text = await run(["resolve", "--db", db, "urn:nbn:fi-local-1"]);
    assert.deepEqual(text.stdout.split("\n").slice(0, 3), [
      "urn:nbn:fi-local-1",
      "  registry  locator     https://repository.example.org/local-1",
      "  1  live        redirect      https://urn.fi/urn:nbn:fi-local-1  (URN.fi, National Library of Finland)",
    ]);
  });

  it("--db: deactivated, reserved and unknown records; a namespace only the registry serves", async () => {
    const r = await run([
      "resolve",
      "--db",
      db,
      "--json",
      "urn:example:report-2024",
      "urn:example:report-2019",
      "urn:example:draft-7",
      "urn:example:report-2025",
      "urn:example:never",
    ]);
    assert.equal(r.code, 1, "urn:example:never is held by nobody");
    assert.deepEqual(
      resolutions(r.stdout).map((x) => [x.found, x.registry]),
      [
        [
          true,
          {
            source: "db",
            outcome: "locator",
            location: "https://www.example.org/reports/2024.pdf",
          },
        ],
        [
          true,
          {
            source: "db",
            outcome: "successor",
            location: null,
            successor: "urn:example:report-2024",
          },
        ],
        [true, { source: "db", outcome: "gone", location: null }],
        [true, { source: "db", outcome: "reserved", location: null }],
        // The registry serves urn:example: and says it does not hold this one; nobody else knows.
        [false, { source: "db", outcome: "not-registered", location: null }],
      ],
    );
  });

  it("--server: asks a running urnkit server first, without following its redirect", async () => {
    const r = await run([
      "resolve",
      "--server",
      serverUrl,
      "--json",
      "urn:example:report-2024",
      "urn:example:report-2019",
      "urn:example:draft-7",
      "urn:nbn:fi-local-1",
      "urn:nbn:fi-elsewhere",
      "urn:example:report-2025",
      "urn:example:never",
      "urn:issn:1476-4687",
    ]);
    assert.equal(r.code, 1, "urn:example:never resolves nowhere");
    assert.deepEqual(
      resolutions(r.stdout).map((x) => x.registry),
      [
        {
          source: "server",
          outcome: "redirect",
          location: "https://www.example.org/reports/2024.pdf",
          status: 303,
        },
        {
          source: "server",
          outcome: "successor",
          location: `${serverUrl}/urn:example:report-2024`,
          status: 301,
        },
        { source: "server", outcome: "gone", location: null, status: 410 },
        {
          source: "server",
          outcome: "redirect",
          location: "https://repository.example.org/local-1",
          status: 303,
        },
        // The server serves urn:nbn: and urn:example: (404 unknown-urn, the namespace is there).
        { source: "server", outcome: "not-registered", location: null, status: 404 },
        { source: "server", outcome: "reserved", location: null, status: 404 },
        { source: "server", outcome: "not-registered", location: null, status: 404 },
        // It does not serve urn:issn:: nothing to report.
        null,
      ],
    );
    assert.deepEqual(
      resolutions(r.stdout).map((x) => x.found),
      [true, true, true, true, true, true, false, true],
    );
  });

  it("--server: a reserved URN and one not registered there, as text (issue: 'no resolver known')", async () => {
    const r = await run([
      "resolve",
      "--server",
      serverUrl,
      "urn:example:report-2025",
      "urn:example:never",
    ]);
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout,
      [
        "urn:example:report-2025",
        "  registry  reserved, not yet in use",
        "",
        "urn:example:never",
        "  registry  not registered here",
        "  no public resolver known for this namespace or prefix",
        "",
      ].join("\n"),
    );
  });

  it("--server that cannot be reached is an I/O error (exit 2)", async () => {
    const gone = createServer();
    await new Promise<void>((resolve) => gone.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
    await new Promise((resolve) => gone.close(resolve));
    const r = await run(["resolve", "--server", url, "urn:issn:1476-4687"]);
    assert.equal(r.code, 2);
    assert.equal(
      r.stderr,
      `urnkit: cannot ask the server at ${url}: connect ECONNREFUSED ${url.slice(7)}\n`,
    );
  });
});

describe("urnkit resolve: one URL, several rows of the table", () => {
  // urn:nbn:de: is resolved by nbn-resolving.org, which is also the meta-resolver of urn:nbn:, so
  // the rows nbn-de and nbn-meta give the same URL.
  const urn = "urn:nbn:de:101:1-201006183419";
  const url = `https://nbn-resolving.org/${urn}`;

  it("lists the URL once, with both rows", async () => {
    const r = await run(["resolve", urn]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      `${urn}\n  1  live        redirect      ${url}  (nbn-resolving.org, Deutsche Nationalbibliothek (DNB); nbn-resolving.org (meta-resolver), Deutsche Nationalbibliothek (DNB))\n`,
    );
    const [x] = resolutions((await run(["resolve", "--json", urn])).stdout);
    assert.deepEqual(
      x?.candidates.map((c) => [c.id, c.url]),
      [
        ["nbn-de", url],
        ["nbn-meta", url],
      ],
      "--json keeps one candidate per row",
    );
  });

  it("--follow asks that URL once", async () => {
    const s = await standIn();
    try {
      s.on("nbn-resolving.org", answer(404));
      const r = await run(["resolve", "--follow", "--allow-private", "--json", urn], {
        env: s.env,
      });
      assert.equal(r.code, 1);
      const [x] = resolutions(r.stdout);
      assert.deepEqual(
        x?.follow?.map((a) => [a.from, a.ok]),
        [[url, false]],
      );
      assert.equal(s.seen.filter((q) => q.host === "nbn-resolving.org").length, 1);
    } finally {
      await s.close();
    }
  });
});

describe("urnkit resolve --follow (loopback stand-ins only)", () => {
  let s: StandIn;
  before(async () => {
    s = await standIn({ extraHosts: ["content.example"] });
    s.on("content.example", answer(200, { "content-type": "application/pdf" }));
  });
  after(() => s.close());

  it("follows the first candidate to the content: final URL, status and what it came to", async () => {
    s.on("urn.fi", answer(303, { location: "http://content.example/fe2021050428812.pdf" }));
    const r = await run(
      ["resolve", "--follow", "--allow-private", "--json", "urn:nbn:fi-fe2021050428812"],
      { env: s.env },
    );
    assert.equal(r.code, 0, r.stderr);
    const [x] = resolutions(r.stdout);
    assert.deepEqual(x?.follow, [
      {
        from: "https://urn.fi/urn:nbn:fi-fe2021050428812",
        ok: true,
        url: "http://content.example/fe2021050428812.pdf",
        status: 200,
        redirects: 1,
        error: null,
        answer: "redirected to content",
      },
    ]);
    assert.deepEqual(s.seen.slice(-2), [
      { method: "HEAD", host: "urn.fi", url: "/urn:nbn:fi-fe2021050428812" },
      { method: "HEAD", host: "content.example", url: "/fe2021050428812.pdf" },
    ]);
  });

  it("falls back to the next candidate when one fails, and says what failed", async () => {
    s.on("urn.fi", answer(500));
    s.on("nbn-resolving.org", answer(302, { location: "http://content.example/via-dnb" }));
    const r = await run(["resolve", "--follow", "--allow-private", "urn:nbn:fi-fe2021050428812"], {
      env: s.env,
    });
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split("\n");
    assert.equal(
      lines[3],
      "  follow    failed https://urn.fi/urn:nbn:fi-fe2021050428812 (answered 500)",
    );
    assert.equal(
      lines[4],
      "  follow    200 http://content.example/via-dnb (redirected to content, 1 redirect; from https://nbn-resolving.org/urn:nbn:fi-fe2021050428812)",
    );
  });

  it("a landing page is reported as one; HEAD refused means a GET", async () => {
    s.on("www.rfc-editor.org", (req, res) => {
      res.writeHead(req.method === "HEAD" ? 405 : 200, { "content-type": "text/html" }).end();
    });
    const r = await run(["resolve", "--follow", "--allow-private", "--json", "urn:ietf:rfc:8141"], {
      env: s.env,
    });
    const [x] = resolutions(r.stdout);
    assert.equal(r.code, 0);
    assert.equal(x?.follow?.[0]?.answer, "landing page");
    assert.deepEqual(
      s.seen.slice(-2).map((q) => `${q.method} ${q.host}${q.url}`),
      ["HEAD www.rfc-editor.org/info/rfc8141", "GET www.rfc-editor.org/info/rfc8141"],
    );
  });

  it("the registry's locator is followed first", async () => {
    const dir = mkdtempSync(join(tmpdir(), "urnkit-follow-"));
    try {
      const db = join(dir, "r.db");
      const store = await openStore(db);
      await store.namespaces.create({ nid: "issn" }, { tokenId: null });
      await store.records.create(
        {
          urn: "urn:issn:1476-4687",
          key: namespaceKey(new URN("urn:issn:1476-4687")),
          nid: "issn",
          status: "active",
          locators: [{ url: "http://content.example/nature" }],
        },
        { tokenId: null },
      );
      await store.close();
      const r = await run(
        ["resolve", "--db", db, "--follow", "--allow-private", "--json", "urn:issn:1476-4687"],
        { env: s.env },
      );
      const [x] = resolutions(r.stdout);
      assert.equal(x?.follow?.length, 1);
      assert.equal(x?.follow?.[0]?.from, "http://content.example/nature");
      assert.equal(x?.follow?.[0]?.answer, "answered directly, without a redirect");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("without --allow-private the guard refuses the loopback stand-ins: nothing answers, exit 1", async () => {
    const before = s.seen.length;
    const r = await run(["resolve", "--follow", "--json", "urn:nbn:fi-fe2021050428812"], {
      env: s.env,
    });
    assert.equal(r.code, 1);
    const [x] = resolutions(r.stdout);
    assert.equal(x?.found, false);
    assert.deepEqual(
      x?.follow?.map((a) => a.error?.code),
      ["blocked-address", "blocked-address"],
    );
    assert.equal(s.seen.length, before, "no request was made");
  });
});
