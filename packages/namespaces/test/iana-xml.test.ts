// gen:registry's reading of IANA's own registry file (urn-namespaces.xml): converted, the snapshot
// of 2026-07-28 (a copy of IANA's file of that date is the fixture) gives back every row of the
// curated snapshot in data/, byte for byte, and so the same generated module.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { isXml, namespacesCsvFromIanaXml } from "../scripts/iana-xml.js";
import { readNamespaceRows, renderRegistryModule } from "../scripts/registry-csv.js";
import { snapshotsDir } from "./shared-data.js";

const xml = readFileSync(new URL("./fixtures/iana-urn-namespaces.xml", import.meta.url), "utf8");
const snapshot = readFileSync(resolve(snapshotsDir, "iana-urn-namespaces.csv"), "utf8");
const ietf = readFileSync(resolve(snapshotsDir, "iana-urn-ietf-params.csv"), "utf8");
const body = (csv: string) => csv.split("\n").filter((line) => !line.startsWith("#"));

describe("IANA's urn-namespaces.xml", () => {
  it("is told apart from a snapshot CSV", () => {
    assert.equal(isXml(xml), true);
    assert.equal(isXml(snapshot), false);
  });

  it("converts to the rows of the snapshot in data/, byte for byte", () => {
    const csv = namespacesCsvFromIanaXml(xml, snapshot, "urn-namespaces.xml");
    assert.deepEqual(body(csv), body(snapshot));
    assert.match(
      csv,
      /^# IANA "Uniform Resource Names \(URN\) Namespaces" registry snapshot \(registry last updated 2026-07-28\): 97 formal \+ 8 informal namespaces\.\n# Source: urn-namespaces\.xml \(sha256 [0-9a-f]{64}\)/,
    );
    const generated = readFileSync(
      new URL("../src/registry.generated.ts", import.meta.url),
      "utf8",
    );
    assert.equal(renderRegistryModule(csv, ietf), generated);
  });

  it("spells each kind of reference as IANA's bracket style does", () => {
    const rows = new Map(
      readNamespaceRows(namespacesCsvFromIanaXml(xml, snapshot, "x")).map((r) => [r.nid, r]),
    );
    assert.equal(rows.get("iso")?.reference, "[RFC5141]");
    assert.equal(rows.get("ucode")?.reference, "[RFC6588] [RFC Errata 3188] [RFC Errata 3189]");
    assert.equal(
      rows.get("isbn")?.reference,
      "[International ISBN Agency <https://www.isbn-international.org>]",
    );
    assert.equal(rows.get("meta")?.reference, "[Juha Hakala (person)]");
    assert.equal(
      rows.get("urn-1")?.reference,
      "[https://www.iana.org/assignments/urn-informal/urn-1]",
    );
    assert.equal(rows.get("urn-7")?.reference, "[RFC6050]", "the contact's RFC, having no other");
    assert.equal(rows.get("urn-8")?.registered, "2025-07-02");
  });

  it("a NID new to the registry gets its template as note; a NID gone is gone", () => {
    const changed = xml
      .replace(
        "<record>\n      <name>iso</name>",
        '<record date="2026-09-01">\n      <name>acmeparts</name>\n      <template><xref type="uri" data="https://www.iana.org/assignments/urn-formal/acmeparts">acmeparts-template</xref></template>\n      <xref type="rfc" data="rfc9999"/>\n    </record>\n    <record>\n      <name>iso</name>',
      )
      .replace(/<record date="[^"]*">\s*<name>bbf<\/name>[\s\S]*?<\/record>/, "");
    const rows = readNamespaceRows(namespacesCsvFromIanaXml(changed, snapshot, "x"));
    assert.deepEqual(
      rows.find((r) => r.nid === "acmeparts"),
      {
        nid: "acmeparts",
        kind: "formal",
        reference: "[RFC9999]",
        registered: "2026-09-01",
        note: "template: https://www.iana.org/assignments/urn-formal/acmeparts",
      },
    );
    assert.equal(
      rows.find((r) => r.nid === "bbf"),
      undefined,
    );
    assert.equal(rows.length, 105);
  });

  it("refuses XML that is not the registry, and a reference it cannot spell", () => {
    assert.throws(
      () => namespacesCsvFromIanaXml("<html><body>IANA</body></html>", snapshot, "x"),
      /not IANA's URN namespaces registry/,
    );
    const odd = xml.replace('<xref type="rfc" data="rfc5141"/>', '<xref type="draft" data="x"/>');
    assert.throws(
      () => namespacesCsvFromIanaXml(odd, snapshot, "x"),
      /iso: a reference of type "draft", which this conversion does not know/,
    );
  });
});
