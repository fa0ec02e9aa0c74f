// Namespace rules beyond the shared test vectors, each from the defining document's text.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { URN } from "@urnkit/core";
import { checkUrn, namespaceKey, publicIdFromNss, publicIdToNss, ruleFor } from "../src/index.js";

const issues = (urn: string) =>
  checkUrn(urn).issues.map((i) => `${i.severity}:${i.code}@${i.index}`);
const key = (urn: string) => namespaceKey(new URN(urn));

describe("ruleFor", () => {
  it("finds rules case-insensitively and has none for other NIDs", () => {
    assert.equal(ruleFor("ISBN")?.nid, "isbn");
    assert.equal(ruleFor("Urn-7")?.nid, "urn-7");
    assert.equal(ruleFor("acmeparts"), undefined);
  });
});

describe("uuid (RFC 9562)", () => {
  it("warns when the variant bits are not RFC 9562's (Nil and Max excepted)", () => {
    // offset 19 of the UUID string holds the variant nibble: "c" is the Microsoft variant
    assert.deepEqual(issues("urn:uuid:f81d4fae-7dec-11d0-c765-00a0c91e6bf6"), [
      "warning:uuid-variant@28",
    ]);
  });

  it("warns about a version RFC 9562 does not define: version nibble 0", () => {
    // Offset 14 of the UUID string (index 23 of the URN) holds the version nibble.
    const report = checkUrn("urn:uuid:7a8a8c96-0d58-0385-8d9c-0eefa1230561");
    assert.deepEqual(
      report.issues.map((i) => `${i.severity}:${i.code}@${i.index}`),
      ["warning:uuid-version@23"],
    );
    assert.match(report.issues[0]?.message ?? "", /version nibble "0".*1 to 8.*RFC 9562 §4\.2/);
    assert.equal(report.ok, true, "a warning, not an error");
  });

  it("warns about the reserved versions 9 to f, in either case, and not about 1 to 8", () => {
    for (const v of "9abcdefABCDEF") {
      assert.deepEqual(
        issues(`urn:uuid:f81d4fae-7dec-${v}1d0-a765-00a0c91e6bf6`),
        ["warning:uuid-version@23"],
        v,
      );
    }
    for (const v of "12345678") {
      assert.deepEqual(issues(`urn:uuid:f81d4fae-7dec-${v}1d0-a765-00a0c91e6bf6`), [], v);
    }
  });

  it("lets the Nil and Max UUIDs be, and checks no version outside the RFC 9562 variant", () => {
    assert.deepEqual(issues("urn:uuid:00000000-0000-0000-0000-000000000000"), []);
    assert.deepEqual(issues("urn:uuid:ffffffff-ffff-ffff-ffff-ffffffffffff"), []);
    assert.deepEqual(issues("urn:uuid:FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF"), []);
    // Microsoft variant ("c"): one warning, about the variant; version 0 means nothing there.
    assert.deepEqual(issues("urn:uuid:f81d4fae-7dec-01d0-c765-00a0c91e6bf6"), [
      "warning:uuid-variant@28",
    ]);
  });
});

describe("oid (RFC 3061, arcs of ITU-T X.660)", () => {
  it("warns about a first arc other than 0, 1 and 2: urn:oid:5.0.94", () => {
    const [issue] = checkUrn("urn:oid:5.0.94").issues;
    assert.deepEqual([issue?.severity, issue?.code, issue?.index], ["warning", "oid-arc", 8]);
    assert.match(issue?.message ?? "", /first arc 5: .*0 \(itu-t\), 1 \(iso\) or 2 .*X\.660/);
  });

  it("warns about a second arc above 39 under 0 or 1: urn:oid:0.374.263", () => {
    const [issue] = checkUrn("urn:oid:0.374.263").issues;
    assert.deepEqual([issue?.severity, issue?.code, issue?.index], ["warning", "oid-arc", 10]);
    assert.match(issue?.message ?? "", /second arc 374 under 0: .*0 to 39 .*X\.660/);
    assert.deepEqual(issues("urn:oid:1.40"), ["warning:oid-arc@10"]);
  });

  it("accepts what X.660 assigns: second arcs 0 to 39 under 0 and 1, any under 2", () => {
    for (const oid of [
      "0",
      "1",
      "2",
      "0.0",
      "1.39",
      "1.3.6.1.4.1",
      "2.999",
      "2.25.1",
      "0.9.2342",
    ]) {
      assert.deepEqual(issues(`urn:oid:${oid}`), [], oid);
    }
    assert.deepEqual(issues("urn:oid:3"), ["warning:oid-arc@8"]);
    assert.deepEqual(issues("urn:oid:10.1"), ["warning:oid-arc@8"]);
  });

  it("reports a syntax error alone, without an arc warning", () => {
    assert.deepEqual(issues("urn:oid:5.01"), ["error:oid-syntax@10"]);
  });
});

describe("isbn", () => {
  it("rejects too many hyphens and points at the lowercase x", () => {
    assert.deepEqual(issues("urn:isbn:9-5-1-0-18435-7"), ["error:isbn-hyphenation@9"]);
    assert.deepEqual(issues("urn:isbn:0-8044-2957-x"), ["warning:isbn-lowercase-x@21"]);
  });
  it("computes each URN's key from that URN, whatever was validated before", () => {
    const rule = ruleFor("isbn");
    const a = new URN("urn:isbn:0-395-36341-1");
    const b = new URN("urn:isbn:951-0-18435-7");
    assert.deepEqual(rule?.validate(a, a.assignedName, a.nssStart), []);
    assert.equal(rule?.equivalenceKey(b, b.assignedName, b.nssStart), "urn:isbn:9789510184356");
    assert.equal(rule?.equivalenceKey(a, a.assignedName, a.nssStart), "urn:isbn:9780395363416");
  });
  it("keeps the generic key for an ISBN whose check digit is wrong", () => {
    assert.equal(key("urn:isbn:0-395-36341-X"), "urn:isbn:0-395-36341-X");
  });
});

describe("ietf (RFC 2648, RFC 3553)", () => {
  it("folds the RFC 2648 sub-namespaces, only the params token for params", () => {
    assert.equal(key("urn:IETF:RFC:2141"), "urn:ietf:rfc:2141");
    assert.equal(key("urn:ietf:ID:IETF-URN-ietf-06"), "urn:ietf:id:ietf-urn-ietf-06");
    assert.equal(key("urn:ietf:PARAMS:acme:error:badNonce"), "urn:ietf:params:acme:error:badNonce");
    assert.notEqual(
      key("urn:ietf:params:ACME:error:badNonce"),
      key("urn:ietf:params:acme:error:badNonce"),
    );
  });
  it("accepts params names that contain a colon", () => {
    assert.deepEqual(issues("urn:ietf:params:capport:unrestricted"), []);
    assert.deepEqual(issues("urn:ietf:params:capport:x"), ["error:ietf-unregistered-param@16"]);
    assert.deepEqual(issues("urn:ietf:params:dns:rr-type-codes:soa"), [
      "error:ietf-unregistered-param@16",
    ]);
  });
  it("warns about leading zeros, draft- and a meeting without a number", () => {
    assert.deepEqual(issues("urn:ietf:rfc:02141"), ["warning:ietf-leading-zero@13"]);
    assert.deepEqual(issues("urn:ietf:id:draft-ietf-foo"), ["warning:ietf-draft-prefix@12"]);
    assert.deepEqual(issues("urn:ietf:mtg:urn"), ["warning:ietf-meeting@13"]);
  });
});

describe("nbn (RFC 8458)", () => {
  it("does not check digits outside urn:nbn:de", () => {
    assert.deepEqual(issues("urn:nbn:fi-fe201003181511"), []);
  });
  it("folds only the prefix", () => {
    assert.equal(key("URN:NBN:DE:BVB:19-146642"), "urn:nbn:de:bvb:19-146642");
    assert.equal(key("urn:nbn:se:uu:diva-ABC"), "urn:nbn:se:uu:diva-ABC");
  });
});

describe("doi (IANA template 2023)", () => {
  it("decodes %hh and folds ASCII case in the key", () => {
    assert.equal(key("urn:doi:10.1000/ABC%2fdef"), "urn:doi:10.1000/abc/def");
    assert.equal(key("urn:doi:10.1000/a%2Fb"), key("URN:DOI:10.1000/A/B"));
  });
  it("keeps the generic key when the escapes are not UTF-8", () => {
    assert.equal(key("urn:doi:10.1000/%ff"), "urn:doi:10.1000/%FF");
  });
  it("warns about a prefix without the 10. directory indicator", () => {
    assert.deepEqual(issues("urn:doi:11.1000/x"), ["warning:doi-prefix@8"]);
  });
});

describe("unverified rules are lenient (warnings flagged unverified)", () => {
  it("epc pure identity (GS1 TDS)", () => {
    const [issue] = checkUrn("urn:epc:id:sscc:0614141.123456789").issues;
    assert.equal(issue?.severity, "warning");
    assert.equal(issue?.unverified, true);
    assert.deepEqual(
      issues("urn:epc:tag:sgtin-96:3.0614141.112345.400"),
      [],
      "only id: is checked",
    );
    assert.deepEqual(issues("urn:epc:ID:sgtin:1"), [], "ID is not id: the NSS is case-sensitive");
  });
  it("lex local-name structure (RFC 9676 not available)", () => {
    const r = checkUrn("urn:lex:it:stato");
    assert.equal(r.ok, true);
    assert.deepEqual(
      r.issues.map((i) => [i.code, i.unverified]),
      [["lex-work", true]],
    );
  });
});

describe("structured namespaces", () => {
  it("mrn folds the organization and namespace IDs only", () => {
    assert.equal(key("urn:mrn:IMO:IMO-Number:9743368x"), "urn:mrn:imo:imo-number:9743368x");
    assert.deepEqual(issues("urn:mrn:i:imo-number:1"), ["error:mrn-organization@8"]);
    assert.deepEqual(issues("urn:mrn:imo:imo-number"), ["error:mrn-syntax@21"]);
  });
  it("gs1 checks the three branches and folds only the keywords", () => {
    assert.deepEqual(issues("urn:gs1:01:09506000134352:10:ABC123:17:250101"), []);
    assert.deepEqual(issues("urn:gs1:GDD:BIE:x"), []);
    assert.deepEqual(issues("urn:gs1:std:genspecs:24.0"), []);
    assert.deepEqual(issues("urn:gs1:01:09506000134352:10"), ["error:gs1-syntax@26"]);
    assert.deepEqual(issues("urn:gs1:widget:1"), ["error:gs1-branch@8"]);
    assert.equal(key("urn:gs1:GDD:BIE:Abc"), "urn:gs1:gdd:bie:Abc");
    assert.equal(key("urn:gs1:10:ABC"), "urn:gs1:10:ABC");
  });
  it("oasis requires a known branch and class", () => {
    assert.deepEqual(issues("urn:oasis:names:tc:SAML"), ["warning:oasis-structure@10"]);
    assert.deepEqual(issues("urn:oasis:member:A00024"), ["error:oasis-syntax@10"]);
  });
  it("urn-7 labels are written in lowercase and compared without case (RFC 6050)", () => {
    assert.deepEqual(issues("urn:urn-7:3GPP-service.ims"), ["warning:urn-7-uppercase@11"]);
    assert.equal(key("urn:urn-7:3GPP-Service.IMS"), "urn:urn-7:3gpp-service.ims");
  });
  it("service limits the top-level label to 27 characters (RFC 5031)", () => {
    assert.deepEqual(issues(`urn:service:${"a".repeat(27)}.b`), []);
    assert.deepEqual(issues(`urn:service:${"a".repeat(28)}`), ["error:service-label@12"]);
  });
  it("iso lowercases every element, keeping %HH hex uppercase", () => {
    assert.equal(key("URN:ISO:STD:ISO:9999:-1:ED-1:EN%2f"), "urn:iso:std:iso:9999:-1:ed-1:en%2F");
  });
  it("mpeg folds only the standard name", () => {
    assert.equal(key("urn:mpeg:DASH:schema:MPD:2011"), "urn:mpeg:dash:schema:MPD:2011");
  });
});

describe("publicid transcription (RFC 3151)", () => {
  const pairs: [string, string][] = [
    [
      "ISO/IEC 10179:1996//DTD DSSSL Architecture//EN",
      "ISO%2FIEC+10179%3A1996:DTD+DSSSL+Architecture:EN",
    ],
    ["-//OASIS//DTD DocBook XML V4.1.2//EN", "-:OASIS:DTD+DocBook+XML+V4.1.2:EN"],
    [
      "+//IDN example.org//DTD XML Bookmarks 1.0//EN//XML",
      "%2B:IDN+example.org:DTD+XML+Bookmarks+1.0:EN:XML",
    ],
    [
      "-//ArborText::prod//DTD Help Document::19970708//EN",
      "-:ArborText;prod:DTD+Help+Document;19970708:EN",
    ],
    ["3+3=6", "3%2B3=6"],
    ["foo", "foo"],
  ];
  for (const [fpi, nss] of pairs) {
    it(fpi, () => {
      assert.equal(publicIdToNss(fpi), nss);
      assert.equal(publicIdFromNss(nss), fpi);
      assert.deepEqual(issues(`urn:publicid:${nss}`), []);
    });
  }
  it("normalizes whitespace first", () => {
    assert.equal(
      publicIdToNss("  -//OASIS//DTD   DocBook\tXML//EN \n"),
      "-:OASIS:DTD+DocBook+XML:EN",
    );
  });
  it("transcribes the characters the NSS cannot hold", () => {
    assert.equal(publicIdToNss("a'b?c#d%e;f"), "a%27b%3Fc%23d%25e%3Bf");
  });
});

describe("{head}:{tail} namespaces (mpeg, ogc, lex, eidr, dev)", () => {
  it("need both parts: the error is at the NSS, or at a ':' that nothing follows", () => {
    assert.deepEqual(issues("urn:mpeg:mpeg7"), ["error:mpeg-syntax@9"]);
    assert.deepEqual(issues("urn:ogc:def:"), ["error:ogc-syntax@11"]);
    assert.deepEqual(issues("urn:lex::x"), ["error:lex-syntax@8"]);
    assert.deepEqual(issues("urn:eidr:10.5240"), ["error:eidr-syntax@9"]);
    assert.deepEqual(issues("urn:dev:mac:"), ["error:dev-syntax@11"]);
  });
  it("split at the first ':', so the tail may hold more", () => {
    assert.deepEqual(issues("urn:mpeg:mpeg7:schema:2001"), []);
    assert.deepEqual(issues("urn:ogc:def:crs:EPSG::4326"), []);
  });
});
