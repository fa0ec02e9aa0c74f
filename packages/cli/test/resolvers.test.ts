// `urnkit resolvers list` and `urnkit resolvers check`: which rows answer as documented, asked
// of loopback servers standing in for every host of the table (never a real resolver), a few at
// a time and at most 2 per host.

import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { publicResolverTable } from "@urnkit/namespaces";
import { jsonLines, run } from "./run-cli.js";
import { answer, type StandIn, standIn } from "./stand-in-resolvers.js";

interface RowCheck {
  id: string;
  documented: boolean;
  url: string;
  answer: { status: number | null; location: string | null; url: string } | null;
  error: { code: string } | null;
  detail: string;
}

const checks = (stdout: string) => jsonLines(stdout) as RowCheck[];
const offered = publicResolverTable.rows.filter((r) => r.status !== "retired");

describe("urnkit resolvers list", () => {
  it("--json: every row of the table, retired ones included", async () => {
    const r = await run(["resolvers", "list", "--json"]);
    assert.equal(r.code, 0);
    assert.deepEqual(jsonLines(r.stdout), publicResolverTable.rows);
  });

  it("text: id, status, kind, prefix, date and template", async () => {
    const r = await run(["resolvers", "list"]);
    assert.match(
      r.stdout,
      /^nbn-fi +live +redirect +urn:nbn:fi +2026-04 +https:\/\/urn\.fi\/\{urn\}$/m,
    );
    assert.match(r.stdout, /^nbn-de-redirect-path +retired /m);
  });
});

describe("urnkit resolvers check (loopback stand-ins only)", () => {
  let s: StandIn;
  before(async () => {
    s = await standIn({ delayMs: 20 });
    // Every redirecting resolver redirects, every page answers 200, unless a test says otherwise.
    for (const row of offered) {
      const host = new URL(publicResolverTable.urlFor(row.id, row.example) as string).hostname;
      s.on(
        host,
        row.kind === "redirect"
          ? answer(303, { location: "http://content.example/x" })
          : answer(200, { "content-type": "text/html" }),
      );
    }
  });
  after(() => s.close());

  it("asks each row's resolver about its example: the exact request, one per row", async () => {
    const start = s.seen.length;
    const r = await run(["resolvers", "check", "--allow-private", "--json"], { env: s.env });
    const found = checks(r.stdout);
    assert.deepEqual(
      found.map((c) => c.id),
      offered.map((row) => row.id),
      "table order, retired rows left out",
    );
    const asked = s.seen.slice(start).map((q) => `${q.method} ${q.host}${q.url}`);
    for (const line of [
      "HEAD urn.fi/urn:nbn:fi-fe2021050428812",
      "HEAD urn.kb.se/resolve?urn=urn%3Anbn%3Ase%3Auu%3Adiva-352637",
      "HEAD nbn.urn.hu/N2L?urn:nbn:hu-8131",
      "HEAD id.gs1.org/01/10614141123459/21/400",
      "HEAD www.opengis.net/def/crs/EPSG/0/4326",
    ])
      assert.ok(asked.includes(line), line);
    // Redirects are judged, not followed: nothing asked content.example.
    assert.ok(!asked.some((line) => line.includes("content.example")));
    assert.equal(r.code, 0, r.stdout);
    assert.ok(found.every((c) => c.documented));
    const fi = found.find((c) => c.id === "nbn-fi");
    assert.deepEqual(fi?.answer, {
      status: 303,
      location: "http://content.example/x",
      url: "https://urn.fi/urn:nbn:fi-fe2021050428812",
    });
  });

  it("at most 2 requests to a host at once, and no more than --concurrency in all", async () => {
    // nbn-resolving.org serves three rows (de, ch and the meta-resolver), rfc-editor.org four.
    s.reset();
    const r = await run(["resolvers", "check", "--allow-private", "--concurrency", "3"], {
      env: s.env,
    });
    assert.equal(r.code, 0, r.stdout);
    for (const [host, n] of s.peak) assert.ok(n <= 2, `${host}: ${n} at once`);
    assert.ok(s.peakTotal() <= 3, `${s.peakTotal()} at once`);
    assert.equal(Math.max(...s.peak.values()), 2, "a host with several rows does get 2 at once");
  });

  it("reports rows that do not answer as documented, with why; exit 1", async () => {
    s.on("urn.fi", answer(200, { "content-type": "text/html" }));
    s.on("www.rfc-editor.org", answer(404));
    s.on("nbn.urn.hu", (req, res) => {
      // HEAD refused, and the GET redirects: as documented.
      res.writeHead(req.method === "HEAD" ? 405 : 302, { location: "http://content.example/y" });
      res.end();
    });
    const r = await run(
      ["resolvers", "check", "--allow-private", "urn:nbn:fi", "nbn-hu", "ietf-rfc"],
      {
        env: s.env,
      },
    );
    assert.equal(r.code, 1);
    const lines = r.stdout.trimEnd().split("\n");
    assert.deepEqual(
      lines.map((l) => l.split(/\s+/).slice(0, 3).join(" ")),
      [
        "FAIL nbn-fi live",
        "ok nbn-fi-tkk unverified",
        "ok nbn-hu unverified",
        "FAIL ietf-rfc live",
        "2 of 4",
      ],
    );
    assert.match(lines[0] as string, /answered 200, not a redirect/);
    assert.match(lines[2] as string, /302 → http:\/\/content\.example\/y/);
    assert.match(lines[3] as string, /answered 404, expected a 2xx page/);
    assert.equal(lines[4], "2 of 4 rows answer as documented");
  });

  it("without --allow-private the guard refuses every stand-in before any request", async () => {
    const before = s.seen.length;
    const r = await run(["resolvers", "check", "--json", "doi", "nbn-cz"], { env: s.env });
    assert.equal(r.code, 1);
    assert.deepEqual(
      checks(r.stdout).map((c) => [c.id, c.documented, c.error?.code]),
      [
        ["nbn-cz", false, "blocked-address"],
        ["doi", false, "blocked-address"],
      ],
    );
    assert.equal(s.seen.length, before);
  });

  it("--retired checks retired rows too", async () => {
    const r = await run(
      ["resolvers", "check", "--allow-private", "--json", "--retired", "urn:nbn:de"],
      {
        env: s.env,
      },
    );
    assert.deepEqual(
      checks(r.stdout).map((c) => c.id),
      ["nbn-de", "nbn-de-redirect-path"],
    );
  });

  it("exit 2 for a selector no row matches, or bad limits", async () => {
    const cases: [string[], RegExp][] = [
      [
        ["resolvers", "check", "urn:nope"],
        /no row has the id or a prefix starting with "urn:nope"/,
      ],
      [["resolvers", "check", "--concurrency", "0"], /--concurrency must be/],
      [["resolvers", "check", "--timeout", "soon"], /--timeout must be/],
    ];
    for (const [args, message] of cases) {
      const r = await run(args, { env: s.env });
      assert.equal(r.code, 2, args.join(" "));
      assert.match(r.stderr, message);
    }
  });
});
