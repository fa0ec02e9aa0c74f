// The Link header field (RFC 8288 §3) of a redirect to a public resolver: each link in angle
// brackets, its parameters quoted strings, a value outside ASCII in the "*" form (RFC 8187).

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { linkHeader } from "../../src/http/link-header.js";

describe("linkHeader", () => {
  it("writes each link with its parameters, links joined by a comma", () => {
    assert.equal(
      linkHeader([
        {
          href: "https://a.example/x",
          params: [
            ["rel", "alternate"],
            ["status", "live"],
          ],
        },
        { href: "http://b.example/?u=1", params: [["rel", "alternate"]] },
      ]),
      '<https://a.example/x>; rel="alternate"; status="live", <http://b.example/?u=1>; rel="alternate"',
    );
    assert.equal(linkHeader([]), "");
  });

  it('escapes "\\"" and "\\\\" in a quoted string (RFC 9110 §5.6.4)', () => {
    assert.equal(
      linkHeader([{ href: "https://a.example/", params: [["title", 'Say "hi" \\ bye']] }]),
      '<https://a.example/>; title="Say \\"hi\\" \\\\ bye"',
    );
  });

  it("puts a value outside ASCII in the title* form, UTF-8 percent-encoded (RFC 8187 §3.2)", () => {
    // é is U+00E9: C3 A9 in UTF-8; a space is not an attr-char (20).
    assert.equal(
      linkHeader([{ href: "https://a.example/", params: [["title", "Széchényi Library"]] }]),
      "<https://a.example/>; title*=UTF-8''Sz%C3%A9ch%C3%A9nyi%20Library",
    );
  });

  it("property: any title comes out as ASCII a client reads back unchanged", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30 }), (title) => {
        const field = linkHeader([{ href: "https://a.example/", params: [["title", title]] }]);
        assert.match(field, /^[\x20-\x7e]*$/);
        const star = /; title\*=UTF-8''(.*)$/.exec(field);
        const read = star
          ? decodeURIComponent(star[1] as string)
          : (/; title="(.*)"$/.exec(field)?.[1] ?? "").replace(/\\(.)/g, "$1");
        assert.equal(read, title);
      }),
    );
  });
});
