// `urnkit serve --oai-name/--oai-admin-email/--oai-page-size` (and their URNKIT_OAI_* variables)
// configure the OAI-PMH provider at /oai; a bad value is a usage error (exit 2).

import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { runBin, serve } from "./serve-process.js";

describe("serve: the OAI-PMH provider's settings", () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), "urnkit-serve-oai-"));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it("names the repository and its administrators in Identify, and pages lists as asked", async () => {
    const served = await serve(
      ["--db", join(dir, "a.db"), "--create", "--example", "--port", "0"],
      {
        URNKIT_OAI_NAME: "Test & Registry",
        URNKIT_OAI_ADMIN_EMAIL: "urn@lib.example, ops@lib.example",
        URNKIT_OAI_PAGE_SIZE: "2",
      },
    );
    try {
      const identify = await (await fetch(`${served.url}/oai?verb=Identify`)).text();
      assert.match(identify, /<repositoryName>Test &amp; Registry<\/repositoryName>/);
      assert.match(
        identify,
        /<adminEmail>urn@lib\.example<\/adminEmail><adminEmail>ops@lib\.example<\/adminEmail>/,
      );
      const list = await (
        await fetch(`${served.url}/oai?verb=ListIdentifiers&metadataPrefix=oai_dc`)
      ).text();
      assert.equal(list.match(/<header>/g)?.length, 2);
      assert.match(list, /<resumptionToken [^>]*cursor="0"/);
    } finally {
      assert.equal(await served.stop(), 0);
    }
  });

  it("refuses an address that is not one, and a page size out of range", async () => {
    const db = join(dir, "b.db");
    const email = await runBin(["serve", "--db", db, "--create", "--oai-admin-email", "nobody"]);
    assert.equal(email.code, 2);
    assert.match(email.stderr, /--oai-admin-email: "nobody" is not an e-mail address/);
    const size = await runBin(["serve", "--db", db, "--create", "--oai-page-size", "0"]);
    assert.equal(size.code, 2);
    assert.match(size.stderr, /--oai-page-size must be 1 to 10000, not 0/);
  });
});
