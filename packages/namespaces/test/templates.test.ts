// RFC 8141 Appendix A registration templates: parsing, checking (§6.4, §5.1, §5.2), rendering.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import fc from "fast-check";
import {
  checkTemplate,
  parseTemplate,
  type RegistrationTemplate,
  renderTemplate,
  TEMPLATE_FIELDS,
  type TemplateFieldKey,
} from "../src/index.js";
import { templatesDir } from "./shared-data.js";

const formalText = readFileSync(resolve(templatesDir, "formal-example.txt"), "utf8");
const informalText = readFileSync(resolve(templatesDir, "informal-example.txt"), "utf8");
const formal = parseTemplate(formalText);
const informal = parseTemplate(informalText);
const codes = (t: RegistrationTemplate) => checkTemplate(t).map((i) => i.code);

describe("parseTemplate", () => {
  it("reads every field of Appendix A", () => {
    assert.equal(formal.namespaceId, "acmeparts");
    assert.equal(formal.version, "1");
    assert.equal(formal.date, "2026-11-20");
    assert.equal(formal.interoperability, "No known issues; the designs have no other URI scheme.");
    assert.equal(formal.documentation, "https://acmeparts.example/urn");
    assert.equal(formal.additionalInformation, "None.");
    assert.equal(formal.revisionInformation, undefined);
    for (const key of [
      "registrant",
      "purpose",
      "syntax",
      "assignment",
      "securityAndPrivacy",
      "resolution",
    ] as const) {
      assert.ok((formal[key] ?? "").length > 20, key);
    }
  });

  it("dedents multi-line values and keeps blank lines inside them", () => {
    assert.equal(
      formal.registrant,
      "Acme Parts Consortium (a fictitious organization used in examples)\n1 Example Road, Springfield\nContact: Registry Desk <registry@acmeparts.example>",
    );
    assert.match(formal.syntax ?? "", /revision {6}= 1\*DIGIT\n\nURN-equivalence:/);
  });

  it("keeps text before the first field as the preamble", () => {
    assert.equal(
      informal.preamble,
      "Registration template for an informal URN namespace (fictitious example)",
    );
  });

  it("accepts the RFC's own layout: labels indented, aliases, any case", () => {
    const t = parseTemplate(
      "   Namespace Identifier:  foo\n   VERSION: 2\n   Security Considerations:  none\n      really none\n",
    );
    assert.equal(t.namespaceId, "foo");
    assert.equal(t.version, "2");
    assert.equal(t.securityAndPrivacy, "none\nreally none");
  });
});

describe("renderTemplate", () => {
  it("gives the fixtures back byte for byte", () => {
    assert.equal(renderTemplate(formal), formalText);
    assert.equal(renderTemplate(informal), informalText);
  });

  it("keeps every field through render and parse", () => {
    const t: RegistrationTemplate = {
      preamble: "Title",
      namespaceId: "acmeparts",
      version: "3",
      date: "2026-01-31",
      registrant: "A\n  indented\n\nafter a blank line",
      purpose: "",
      syntax: "Syntax: looks like a label",
      revisionInformation: "v2: x\nv3: y",
    };
    assert.deepEqual(parseTemplate(renderTemplate(t)), t);
    assert.deepEqual(parseTemplate(renderTemplate(formal)), formal);
  });

  it("keeps any field values through render and parse (property)", () => {
    // Values as parseTemplate produces them: no trailing spaces, no blank first or last line,
    // no indentation on the first line; inner lines may be indented or blank.
    const words = fc.constantFrom(
      "a",
      "Syntax:",
      "Version:",
      "x y",
      "<b>",
      "--",
      "urn:x:y",
      "NID: z",
      "1",
    );
    const line = fc.array(words, { minLength: 1, maxLength: 5 }).map((w) => w.join(" "));
    const inner = fc.oneof(
      fc.tuple(fc.constantFrom("", "  ", "    "), line).map(([indent, l]) => indent + l),
      fc.constant(""),
    );
    const value = fc.oneof(
      line,
      fc
        .tuple(line, fc.array(inner, { maxLength: 4 }), line)
        .map(([first, middle, last]) => [first, ...middle, last].join("\n")),
    );
    const template = fc.record(
      Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f.key, value])) as Record<
        TemplateFieldKey,
        fc.Arbitrary<string>
      >,
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(template, (t) => {
        assert.deepEqual(parseTemplate(renderTemplate(t)), { ...t });
      }),
      { numRuns: 2000 },
    );
  });

  it("writes fields in Appendix A order", () => {
    const text = renderTemplate({ resolution: "r", namespaceId: "n", version: "1" });
    assert.equal(text, "Namespace ID: n\n\nVersion: 1\n\nResolution: r\n");
    assert.equal(TEMPLATE_FIELDS.length, 13);
  });
});

describe("checkTemplate", () => {
  it("passes the two example templates", () => {
    assert.deepEqual(checkTemplate(formal), []);
    assert.deepEqual(checkTemplate(informal), []);
  });

  it("requires Interoperability and Resolution (§6.4.5, §6.4.6 MUST)", () => {
    const issues = checkTemplate({ ...formal, interoperability: undefined, resolution: "  " });
    assert.deepEqual(
      issues.map((i) => i.code),
      ["template-missing-field", "template-missing-field"],
    );
    assert.match(issues[0]?.message ?? "", /Interoperability.*§6\.4\.5/);
    assert.match(issues[1]?.message ?? "", /Resolution.*§6\.4\.6/);
  });

  it("does not require Additional Information (§6.4.7: optional)", () => {
    assert.deepEqual(codes({ ...formal, additionalInformation: undefined }), []);
  });

  it("requires Version to be an integer of 1 or more", () => {
    for (const version of ["0", "1.0", "one", "-1", "01"]) {
      assert.deepEqual(codes({ ...formal, version }), ["template-version"], version);
    }
  });

  it("requires Revision Information when Version is above 1, and not otherwise", () => {
    const v2 = { ...formal, namespaceId: "isbn", version: "2" };
    assert.deepEqual(codes(v2), ["template-missing-field"]);
    assert.deepEqual(codes({ ...v2, revisionInformation: "Changed the syntax." }), []);
    assert.deepEqual(codes({ ...formal, revisionInformation: "x" }), [
      "template-revision-unexpected",
    ]);
  });

  it("requires Date as YYYY-MM-DD and a real date", () => {
    assert.deepEqual(codes({ ...formal, date: "2026-02-28" }), []);
    assert.deepEqual(codes({ ...formal, date: "2024-02-29" }), [], "leap day");
    for (const date of ["2026-02-29", "2026-13-01", "2026-04-31", "20 Nov 2026", "2026-1-5"]) {
      assert.deepEqual(codes({ ...formal, date }), ["template-date"], date);
    }
  });

  it("applies §5.1 to a formal NID (a new registration must not be registered yet)", () => {
    assert.deepEqual(codes({ ...formal, namespaceId: "de-books" }), ["nid-country-code-prefix"]);
    assert.deepEqual(codes({ ...formal, namespaceId: "X-parts" }), ["nid-experimental-prefix"]);
    assert.deepEqual(codes({ ...formal, namespaceId: "isbn" }), ["nid-already-registered"]);
  });

  it("checks the informal form (§5.2)", () => {
    assert.deepEqual(codes({ ...informal, namespaceId: "urn-09" }), ["template-informal-nid"]);
    assert.deepEqual(codes({ ...informal, namespaceId: "urn-x" }), ["template-informal-nid"]);
  });

  it("refuses an informal NID named by a new (Version 1) registration: IANA assigns it (§5.2)", () => {
    for (const nid of ["urn-77", "urn-5", "urn-1"]) {
      const issues = checkTemplate({ ...informal, namespaceId: nid });
      assert.deepEqual(
        issues.map((i) => [i.severity, i.code]),
        [["error", "template-informal-nid-designated"]],
        nid,
      );
      assert.match(issues[0]?.message ?? "", /IANA assigns the number.*RFC 8141 §5\.2/);
    }
    // The assigned ones say so.
    assert.match(
      checkTemplate({ ...informal, namespaceId: "urn-5" })[0]?.message ?? "",
      /"urn-5" is already assigned/,
    );
    assert.doesNotMatch(
      checkTemplate({ ...informal, namespaceId: "urn-77" })[0]?.message ?? "",
      /already assigned/,
    );
    // The same when the Version is missing or no integer: nothing says it is a revision.
    assert.ok(
      codes({ ...informal, namespaceId: "urn-77", version: undefined }).includes(
        "template-informal-nid-designated",
      ),
    );
  });

  it("lets a revision (Version above 1) name its informal NID, warning when IANA has not assigned it", () => {
    const revision = { ...informal, version: "2", revisionInformation: "Version 2 adds a year." };
    assert.deepEqual(codes({ ...revision, namespaceId: "urn-5" }), []);
    assert.deepEqual(codes({ ...revision, namespaceId: "urn-77" }), [
      "template-revision-unregistered",
    ]);
  });

  it("reports a field given twice, keeping the last value", () => {
    const text = `${informalText}Purpose: a second purpose\n`;
    const t = parseTemplate(text);
    assert.equal(t.purpose, "a second purpose");
    assert.deepEqual(t.repeatedFields, ["purpose"]);
    const issues = checkTemplate(t);
    assert.deepEqual(
      issues.map((i) => [i.severity, i.code]),
      [["error", "template-repeated-field"]],
    );
    assert.match(
      issues[0]?.message ?? "",
      /"Purpose" is given more than once, and only the last is kept/,
    );
  });

  it("counts a field given under two of its labels as given twice, each field once", () => {
    const t = parseTemplate(
      "Security: none\nVersion: 1\nSecurity and Privacy: none at all\nVersion: 2\nNID: x\n",
    );
    assert.deepEqual(t.repeatedFields, ["securityAndPrivacy", "version"]);
    assert.equal(t.securityAndPrivacy, "none at all");
    assert.equal(parseTemplate(formalText).repeatedFields, undefined);
  });

  it("reports a skeleton's placeholder that was never filled in", () => {
    assert.deepEqual(codes({ ...formal, purpose: "<what the URNs identify>" }), [
      "template-unfilled-field",
    ]);
    assert.deepEqual(
      codes({ ...formal, documentation: "<https://acmeparts.example/urn>" }),
      [],
      "a URL in brackets is a value",
    );
  });

  it("reports every missing field of an empty template", () => {
    const missing = checkTemplate({}).filter((i) => i.code === "template-missing-field");
    assert.equal(missing.length, 11);
  });
});
