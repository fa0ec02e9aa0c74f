// `npm run gen:registry` on the repository's own snapshots (data/): regenerates from them, takes a
// refreshed snapshot from a file or an http URL, and refuses a source it cannot read or parse with
// one clear line and exit 1, leaving data/ as it was.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { snapshotsDir } from "./shared-data.js";

const script = fileURLToPath(new URL("../scripts/gen-registry.ts", import.meta.url));
const namespacesCsv = resolve(snapshotsDir, "iana-urn-namespaces.csv");
const ietfCsv = resolve(snapshotsDir, "iana-urn-ietf-params.csv");
const generated = fileURLToPath(new URL("../src/registry.generated.ts", import.meta.url));

/** Runs the script in a child process, without blocking this one (its http server answers it). */
function gen(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    execFile(process.execPath, ["--import", "tsx", script, ...args], (error, stdout, stderr) => {
      done({ code: error === null ? 0 : (error.code as number | null), stdout, stderr });
    });
  });
}

/** The files gen:registry may write, as they are now (contents and modification times). */
function snapshot(): string[] {
  return [namespacesCsv, ietfCsv, generated].map(
    (f) => `${statSync(f).mtimeMs} ${readFileSync(f, "utf8")}`,
  );
}

describe("gen:registry", () => {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-gen-"));
  let base = "";
  const server = createServer((request, response) => {
    if (request.url === "/urn-namespaces.csv") response.end(readFileSync(namespacesCsv));
    else response.writeHead(404).end("not here");
  });
  before(async () => {
    await new Promise<void>((ready) => server.listen(0, "127.0.0.1", ready));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("regenerates from data/ on a fresh clone, changing nothing that is current", async () => {
    const was = snapshot();
    const r = await gen();
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /unchanged: .*registry\.generated\.ts/);
    assert.deepEqual(snapshot(), was);
  });

  it("refreshes from a file and from a URL (here: the same snapshot, so nothing changes)", async () => {
    const was = snapshot();
    const fromFile = await gen("--namespaces", namespacesCsv, "--ietf", ietfCsv);
    assert.equal(fromFile.code, 0, fromFile.stderr);
    assert.match(fromFile.stdout, /unchanged: .*iana-urn-namespaces\.csv/);
    const fromUrl = await gen("--namespaces", `${base}/urn-namespaces.csv`);
    assert.equal(fromUrl.code, 0, fromUrl.stderr);
    assert.deepEqual(snapshot(), was);
  });

  it("refuses what it cannot use with one line, exit 1, and leaves data/ alone", async () => {
    const was = snapshot();
    const notCsv = join(dir, "registry.txt");
    writeFileSync(notCsv, "nid;kind\nisbn;formal\n");
    const html = join(dir, "registry.html");
    writeFileSync(html, "<html>IANA</html>\n");
    const noDate = join(dir, "no-date.csv");
    writeFileSync(noDate, "nid,kind,reference,registered,note\nisbn,formal,[RFC3187],,\n");
    const cases: [string[], RegExp][] = [
      [
        ["--namespaces", join(dir, "missing.csv")],
        /^gen:registry: cannot read .*missing\.csv: ENOENT/,
      ],
      [["--namespaces", notCsv], /is not a registry snapshot: unexpected namespace CSV header/],
      [["--namespaces", html], /is not a registry snapshot: not IANA's URN namespaces registry/],
      [["--namespaces", noDate], /is not a registry snapshot: .*registry last updated/],
      // The namespaces source is fine, the IETF one is not: neither file is replaced.
      [["--namespaces", namespacesCsv, "--ietf", notCsv], /unexpected IETF CSV header/],
      [["--namespaces", `${base}/gone.csv`], /cannot fetch http:.*gone\.csv: HTTP 404/],
      [
        ["--namespaces", "http://127.0.0.1:1/x.csv"],
        /cannot fetch http:\/\/127\.0\.0\.1:1\/x\.csv/,
      ],
      [["--from", "x"], /Unknown option '--from'[\s\S]*usage: npm run gen:registry/],
      [
        ["--ietf", fileURLToPath(new URL("./fixtures/iana-urn-namespaces.xml", import.meta.url))],
        /is not a registry snapshot: IANA's XML is read for --namespaces only/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await gen(...args);
      assert.equal(r.code, 1, args.join(" "));
      assert.match(r.stderr, message);
      assert.doesNotMatch(r.stderr, /^\s+at /m, "no stack trace");
    }
    assert.deepEqual(snapshot(), was);
  });
});
