// `urnkit harvest`: a one-page oai_dc list from a loopback provider into an organisation's prefix;
// each refused record on standard error with its OAI identifier and reason, the run's figures on
// standard output, exit 1 because one was refused; --list shows the source and its last run; a
// loopback provider refused without --allow-private; a provider nesting elements ever deeper
// failing the run with the depth bound within --timeout; usage errors exit 2.

import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { DEFAULT_POLICY, openSqliteStore } from "@urnkit/server";
import { suiteDatabaseFile } from "./run-cli.js";

const OAI = "http://www.openarchives.org/OAI/2.0/";
const IDENTIFY = `<?xml version="1.0"?><OAI-PMH xmlns="${OAI}"><responseDate>2026-11-20T10:00:00Z</responseDate><request verb="Identify">x</request><Identify><repositoryName>r</repositoryName><baseURL>x</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>a@example.org</adminEmail><earliestDatestamp>2020-01-01</earliestDatestamp><deletedRecord>no</deletedRecord><granularity>YYYY-MM-DD</granularity></Identify></OAI-PMH>`;
const record = (id: string, ...identifiers: string[]) =>
  `<record><header><identifier>${id}</identifier><datestamp>2026-11-01</datestamp></header><metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/">${identifiers.map((i) => `<dc:identifier>${i}</dc:identifier>`).join("")}</oai_dc:dc></metadata></record>`;
const LIST = `<?xml version="1.0"?><OAI-PMH xmlns="${OAI}"><responseDate>2026-11-20T10:00:01Z</responseDate><request verb="ListRecords">x</request><ListRecords>${record("oai:r:1", "urn:nbn:de:hbz:465-20261101-1010", "https://r.example/1")}${record("oai:r:2", "https://r.example/2")}</ListRecords></OAI-PMH>`;

describe("urnkit harvest", () => {
  const { db, urnkit } = suiteDatabaseFile("urnkit-harvest-");
  /** `urnkit harvest <source> --organisation <organisation> --rate 0`, `more` after. */
  const harvestInto = (organisation: string, source: string, ...more: string[]) =>
    urnkit("harvest", source, "--organisation", organisation, "--rate", "0", ...more);
  let provider: Server;
  let url = "";
  before(async () => {
    const store = await openSqliteStore(db);
    const actor = { tokenId: null };
    await store.namespaces.create({ nid: "nbn" }, actor);
    await store.organisations.create({ id: "hbz-lib", name: "Library" }, actor);
    await store.prefixes.create(
      {
        ...DEFAULT_POLICY,
        prefix: "urn:nbn:de:hbz:465-",
        nid: "nbn",
        organisation: "hbz-lib",
        modes: ["registrar"],
        check: "nbn",
      },
      actor,
    );
    await store.close();
    provider = createServer((req, res) => {
      const asked = new URL(req.url ?? "/", "http://x");
      if (asked.pathname === "/deep/oai") {
        // Elements nested ever deeper, for as long as the harvester reads.
        res.writeHead(200, { "content-type": "text/xml" }).write(`<OAI-PMH xmlns="${OAI}">`);
        const pump = () => {
          while (!res.destroyed)
            if (!res.write("<a>".repeat(1024))) return void res.once("drain", pump);
        };
        pump();
        return;
      }
      const verb = asked.searchParams.get("verb");
      res.writeHead(200, { "content-type": "text/xml" }).end(verb === "Identify" ? IDENTIFY : LIST);
    });
    await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/oai`;
  });
  after(async () => {
    await new Promise<void>((resolve) => provider.close(() => resolve()));
  });

  it("registers the pairs, prints each refused record with its OAI identifier, exits 1", async () => {
    const r = await harvestInto("hbz-lib", url, "--allow-private");
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr, "refused oai:r:2: no-urn: the record's metadata names no URN\n");
    assert.equal(
      r.stdout,
      "run 1 completed: 2 records in 1 page: 1 created, 0 updated, 0 unchanged, 0 deleted at the source, 1 refused; 2 requests\n",
    );
  });

  it("--list: the source, its last run and the next `from`", async () => {
    const r = await urnkit("harvest --list");
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stdout,
      new RegExp(
        `^${url.replace(/[.]/g, "\\.")} oai_dc for hbz-lib: run 1 completed: 2 records .*; next from 2026-11-20T10:00:01Z\\n$`,
      ),
    );
  });

  it("a refusal before the run (an unknown organisation) is printed with its code, exit 1", async () => {
    const r = await harvestInto("nobody", url, "--allow-private");
    assert.equal(r.code, 1);
    assert.equal(r.stderr, 'urnkit: unknown-organisation: there is no organisation "nobody"\n');
    assert.equal(r.stdout, "");
  });

  it("a loopback provider without --allow-private: refused before the run, naming the address and the option", async () => {
    const r = await harvestInto("hbz-lib", url);
    assert.equal(r.code, 1);
    assert.equal(
      r.stderr,
      `urnkit: blocked-address: the source URL ${url} names 127.0.0.1, a loopback address; ` +
        "a harvest reaches private, loopback and link-local addresses only with --allow-private\n",
    );
    assert.equal(r.stdout, "");
  });

  it("a provider nesting elements ever deeper: the run fails with the depth bound, within --timeout", async () => {
    const r = await harvestInto(
      "hbz-lib",
      url.replace("/oai", "/deep/oai"),
      "--timeout",
      "5",
      "--retries",
      "0",
      "--allow-private",
    );
    assert.equal(r.code, 1, r.stderr);
    assert.match(
      r.stdout,
      /failed: .*\(Identify: the response is refused: elements nested 65 levels deep \(<a>\), past the limit of 64\); 1 request\n$/,
    );
  });

  it("usage errors exit 2: no organisation, a malformed or nonexistent --from, no URL", async () => {
    assert.equal((await urnkit("harvest", url)).code, 2);
    const from = await urnkit("harvest", url, "--organisation", "hbz-lib", "--from", "yesterday");
    assert.equal(from.code, 2);
    assert.match(from.stderr, /--from must be YYYY-MM-DD/);
    // A day that does not exist is judged as the OAI-PMH provider judges `from`.
    const noDay = await urnkit("harvest", url, "--organisation", "hbz-lib", "--from", "2026-02-30");
    assert.equal(noDay.code, 2);
    assert.match(
      noDay.stderr,
      /--from must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, a date that exists/,
    );
    assert.equal((await urnkit("harvest")).code, 2);
  });
});
