// A browser following a link to a URN this resolver cannot answer gets a page with the same status
// a program gets as problem+json: a title, a language, what went wrong and a way on. A malformed URN
// gets the inspector's explanation. Programs (JSON, or no Accept) keep problem details; the API is
// always problem+json.

import assert from "node:assert/strict";
import { describe } from "node:test";
import { engines } from "../engines.js";
import { suiteRegistry } from "../served-registry.js";
import { skippedWhen } from "../skipped-when.js";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";

for (const engine of engines)
  describe(`error pages for browsers (${engine.name})`, () => {
    const { it } = skippedWhen(engine.skip);
    const served = suiteRegistry(engine);

    const cases: [string, number, RegExp][] = [
      ["/urn:example:nobody", 404, /<h1>Not registered here<\/h1>/],
      ["/urn:example:report-2025", 404, /<h1>Reserved, not yet in use<\/h1>/],
      ["/urn:example:a?b", 400, /<h1>Not a URN<\/h1>[\s\S]*bare-question-mark|"\?" at index 13/],
      ["/uri-res/N2L?urn:example:nobody", 404, /Not registered here/],
      ["/uri-res/N2L?urn:ex_ample:x", 400, /Not a URN/],
      ["/no/such/page", 404, /<h1>Nothing here<\/h1>/],
    ];
    for (const [url, status, content] of cases) {
      it(`${url}: ${status} as a page to a browser, problem+json to a program`, async () => {
        const page = await served.app.inject({ url, headers: { accept: BROWSER } });
        assert.equal(page.statusCode, status);
        assert.match(page.headers["content-type"] as string, /^text\/html/);
        assert.match(page.body, /<html lang="en">/);
        assert.match(page.body, /<title>[^<]+ · urnkit<\/title>/);
        assert.match(page.body, content);
        assert.match(page.body, /<a href="\/">/);
        assert.match(page.headers["content-security-policy"] as string, /default-src 'self'/);
        assert.equal(page.headers.vary, "Accept");
        for (const accept of [undefined, "application/json", "*/*"]) {
          const r = await served.app.inject({
            url,
            headers: accept === undefined ? {} : { accept },
          });
          assert.equal(r.statusCode, status);
          assert.match(r.headers["content-type"] as string, /^application\/problem\+json/);
        }
      });
    }

    it("a malformed URN's page links to the inspector and shows the fix", async () => {
      const page = await served.app.inject({
        url: "/urn:example:a?b",
        headers: { accept: BROWSER },
      });
      assert.match(page.body, /href="\/inspect\?urn=urn%3Aexample%3Aa%3Fb"/);
      assert.match(page.body, /Would be right: <code class="fix">urn:example:a%3Fb<\/code>/);
    });

    it("the API stays problem+json for browsers too", async () => {
      const r = await served.app.inject({
        url: "/api/v1/urns/urn:example:nobody",
        headers: { accept: BROWSER },
      });
      assert.equal(r.statusCode, 404);
      assert.match(r.headers["content-type"] as string, /^application\/problem\+json/);
    });
  });
