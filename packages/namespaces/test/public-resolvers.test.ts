// Where URNs resolve publicly: every row of the shipped table with its example URN and the URL
// worked out by hand from the row's source, the order of candidates (longest prefix, live before
// unverified, never retired) with nested NBN sub-namespaces, the URN as handed over (case,
// components, encoding), each transform, the checks on rows, and the generated files.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { URN } from "@urnkit/core";
import fc from "fast-check";
import {
  readPublicResolverData,
  renderPublicResolverModule,
  spliceReadmeTable,
} from "../scripts/public-resolvers-data.js";
import {
  gs1CheckDigit,
  isbn13CheckDigit,
  type PublicResolverRow,
  PublicResolverTable,
  publicResolvers,
  publicResolverTable,
} from "../src/index.js";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Every row: its example URN and the URL it must give, written out from the row's template and
 * the transform's rules (the EPC check digits are computed in the comments of the EPC tests).
 */
const EXPECTED: Record<string, [example: string, url: string]> = {
  "nbn-de": [
    "urn:nbn:de:bsz:14-qucosa2-910504",
    "https://nbn-resolving.org/urn:nbn:de:bsz:14-qucosa2-910504",
  ],
  "nbn-de-redirect-path": [
    "urn:nbn:de:bsz:14-qucosa2-910504",
    "https://nbn-resolving.org/redirect/urn:nbn:de:bsz:14-qucosa2-910504",
  ],
  "nbn-ch": [
    "urn:nbn:ch:bel-bau-diss155487",
    "https://nbn-resolving.org/urn:nbn:ch:bel-bau-diss155487",
  ],
  "nbn-at": ["urn:nbn:at:at-ubtuw:1-3908", "https://resolver.obvsg.at/urn:nbn:at:at-ubtuw:1-3908"],
  "nbn-fi": ["urn:nbn:fi-fe2021050428812", "https://urn.fi/urn:nbn:fi-fe2021050428812"],
  "nbn-fi-tkk": ["urn:nbn:fi:tkk-004781", "http://urn.tkk.fi/resolve?urn=urn:nbn:fi:tkk-004781"],
  "nbn-se": [
    "urn:nbn:se:uu:diva-352637",
    "https://urn.kb.se/resolve?urn=urn%3Anbn%3Ase%3Auu%3Adiva-352637",
  ],
  "nbn-no": ["URN:NBN:no-56882", "https://urn.nb.no/URN:NBN:no-56882"],
  "nbn-no-search": [
    "URN:NBN:no-56882",
    "https://www.nb.no/idtjeneste/search.jsf?urn=URN:NBN:no-56882",
  ],
  "nbn-no-ntnu": [
    "urn:nbn:no:ntnu:diva-18559",
    "http://urn.kb.se/resolve?urn=urn:nbn:no:ntnu:diva-18559",
  ],
  "nbn-nl": [
    "urn:nbn:nl:ui:29-8f66e0a8-b7c9-40a4-be28-54a7c0177061",
    "https://www.persistent-identifier.nl/urn:nbn:nl:ui:29-8f66e0a8-b7c9-40a4-be28-54a7c0177061",
  ],
  "nbn-cz": ["urn:nbn:cz:nk-004hvy", "https://resolver.nkp.cz/urn:nbn:cz:nk-004hvy"],
  "nbn-hr": ["urn:nbn:hr:168:748382", "https://urn.nsk.hr/urn:nbn:hr:168:748382"],
  "nbn-hu": ["urn:nbn:hu-8131", "http://nbn.urn.hu/N2L?urn:nbn:hu-8131"],
  "nbn-it": ["urn:nbn:it:unifi-3903", "https://nbn.depositolegale.it/urn:nbn:it:unifi-3903"],
  "nbn-si": ["URN:NBN:SI:FSD:MAG-1DC22KA", "https://nbn.si/URN:NBN:SI:FSD:MAG-1DC22KA"],
  "nbn-meta": [
    "urn:nbn:fi-fe2021050428812",
    "https://nbn-resolving.org/urn:nbn:fi-fe2021050428812",
  ],
  "ietf-rfc": ["urn:ietf:rfc:8141", "https://www.rfc-editor.org/info/rfc8141"],
  "ietf-bcp": ["urn:ietf:bcp:47", "https://www.rfc-editor.org/info/bcp47"],
  "ietf-std": ["urn:ietf:std:66", "https://www.rfc-editor.org/info/std66"],
  "ietf-fyi": ["urn:ietf:fyi:36", "https://www.rfc-editor.org/info/fyi36"],
  "ietf-rfc-text": ["urn:ietf:rfc:791", "http://www.ietf.org/rfc/rfc0791.txt"],
  issn: ["urn:issn:1476-4687", "https://urn.issn.org/urn:issn:1476-4687"],
  doi: ["urn:doi:10.1000/182", "https://doi.org/10.1000/182"],
  oid: ["urn:oid:2.16.840", "https://oid-base.com/get/2.16.840"],
  "oid-info": [
    "urn:oid:2.16.840",
    "http://www.oid-info.com/cgi-bin/display?oid=2.16.840&submit=Display&action=display",
  ],
  "lex-br": [
    "urn:lex:br:federal:lei:1998-02-19;9610",
    "https://www.lexml.gov.br/urn/urn:lex:br:federal:lei:1998-02-19;9610",
  ],
  nir: [
    "urn:nir:stato:legge:1990-08-07;241",
    "https://www.normattiva.it/uri-res/N2Ls?urn:nir:stato:legge:1990-08-07;241",
  ],
  "lex-it": [
    "urn:lex:it:stato:legge:1990-08-07;241",
    "https://www.normattiva.it/uri-res/N2Ls?urn:lex:it:stato:legge:1990-08-07;241",
  ],
  cts: [
    "urn:cts:greekLit:tlg0012.tlg001.perseus-grc2:1.1-1.7",
    "https://scaife.perseus.org/reader/urn:cts:greekLit:tlg0012.tlg001.perseus-grc2:1.1-1.7/",
  ],
  "ogc-def": ["urn:ogc:def:crs:EPSG::4326", "http://www.opengis.net/def/crs/EPSG/0/4326"],
  eidr: [
    "urn:eidr:10.5240:7791-8534-2C23-9030-8610-5",
    "https://doi.org/10.5240/7791-8534-2C23-9030-8610-5",
  ],
  isni: ["urn:isni:0000000121032683", "https://isni.org/isni/0000000121032683"],
  "epc-sgtin": [
    "urn:epc:id:sgtin:0614141.112345.400",
    "https://id.gs1.org/01/10614141123459/21/400",
  ],
  "epc-sscc": ["urn:epc:id:sscc:0614141.1234567890", "https://id.gs1.org/00/106141412345678908"],
  "epc-sgln": ["urn:epc:id:sgln:0614141.12345.400", "https://id.gs1.org/414/0614141123452/254/400"],
};

/** The candidates' ids for a URN, in order. */
const ids = (urn: string) => publicResolvers(urn).map((c) => c.id);
/** The first candidate's URL from the row `id`. */
const urlOf = (urn: string, id: string) => publicResolvers(urn).find((c) => c.id === id)?.url;

describe("public resolvers: one example per row", () => {
  it("every row of the table has its example and URL here, and no other row is here", () => {
    assert.deepEqual(
      publicResolverTable.rows.map((r) => r.id).sort(),
      Object.keys(EXPECTED).sort(),
    );
  });

  for (const [id, [example, url]] of Object.entries(EXPECTED)) {
    it(`${id}: ${example} → ${url}`, () => {
      const row = publicResolverTable.row(id);
      assert.equal(row?.example, example);
      assert.equal(publicResolverTable.urlFor(id, example), url);
      if (row?.status === "retired") {
        assert.ok(!ids(example).includes(id), "a retired row is never offered");
      } else {
        assert.equal(urlOf(example, id), url);
      }
    });
  }

  it("the rows the issue asks for are there, the NBN countries with a verified template live", () => {
    const prefixes = new Set(publicResolverTable.rows.map((r) => r.prefix));
    for (const country of ["de", "ch", "at", "fi", "se", "no", "nl", "cz", "hr", "hu", "it", "si"])
      assert.ok(prefixes.has(`urn:nbn:${country}`), country);
    for (const p of ["urn:ietf:rfc", "urn:ietf:bcp", "urn:ietf:std", "urn:ietf:fyi", "urn:issn"])
      assert.ok(prefixes.has(p), p);
    for (const p of ["urn:doi", "urn:oid", "urn:lex:br", "urn:nir", "urn:cts", "urn:ogc:def"])
      assert.ok(prefixes.has(p), p);
    for (const p of ["urn:eidr", "urn:isni", "urn:epc:id:sgtin"]) assert.ok(prefixes.has(p), p);
  });

  it("rows resting on secondary sources only are unverified (eidr, isni, ogc, std, fyi, hu)", () => {
    for (const id of ["eidr", "isni", "ogc-def", "ietf-std", "ietf-fyi", "nbn-hu", "nbn-fi-tkk"])
      assert.equal(publicResolverTable.row(id)?.status, "unverified", id);
  });
});

describe("public resolvers: order", () => {
  it("an NBN sub-namespace with its own resolver, its country, then the meta-resolver; unverified last", () => {
    assert.deepEqual(ids("urn:nbn:no:ntnu:diva-18559"), [
      "nbn-no",
      "nbn-no-search",
      "nbn-meta",
      "nbn-no-ntnu",
    ]);
    assert.deepEqual(ids("urn:nbn:fi:tkk-004781"), ["nbn-fi", "nbn-meta", "nbn-fi-tkk"]);
    // Hungary's N2L service is unverified: the meta-resolver, which is live, comes first.
    assert.deepEqual(ids("urn:nbn:hu-8131"), ["nbn-meta", "nbn-hu"]);
  });

  it("marks unverified candidates and never offers a retired row", () => {
    const found = publicResolvers("urn:nbn:hu-8131");
    assert.deepEqual(
      found.map((c) => c.status),
      ["live", "unverified"],
    );
    assert.deepEqual(ids("urn:nbn:de:bsz:14-qucosa2-910504"), ["nbn-de", "nbn-meta"]);
  });

  it("a country without a row of its own gets the meta-resolver alone", () => {
    assert.deepEqual(ids("urn:nbn:sk:snk-12345"), ["nbn-meta"]);
  });

  it("the same prefix keeps table order (the shorter URN.fi sub-namespace does not exist)", () => {
    assert.deepEqual(ids("urn:oid:2.16.840"), ["oid", "oid-info"]);
    assert.deepEqual(ids("urn:ietf:rfc:8141"), ["ietf-rfc", "ietf-rfc-text"]);
  });

  it("nothing for a namespace without rows, a sub-namespace without rows, or a non-URN", () => {
    assert.deepEqual(publicResolvers("urn:example:a123"), []);
    assert.deepEqual(publicResolvers("urn:isbn:0-395-36341-1"), []);
    assert.deepEqual(publicResolvers("urn:ietf:params:xml:ns:yang"), []);
    assert.deepEqual(publicResolvers("urn:ogc:service:wms"), []);
    assert.deepEqual(publicResolvers("urn:epc:id:grai:0614141.12345.400"), []);
    assert.deepEqual(publicResolvers("not a urn"), []);
    assert.deepEqual(publicResolvers("urn:nbn"), []);
  });

  it("takes a URN object as well as a string", () => {
    assert.deepEqual(
      publicResolvers(new URN("urn:nbn:fi-fe2021050428812")).map((c) => c.url),
      [
        "https://urn.fi/urn:nbn:fi-fe2021050428812",
        "https://nbn-resolving.org/urn:nbn:fi-fe2021050428812",
      ],
    );
  });
});

describe("public resolvers: nested NBN sub-namespaces, longest prefix first", () => {
  const row = (id: string, prefix: string, status: PublicResolverRow["status"] = "live") => ({
    id,
    prefix,
    name: id,
    operator: "test",
    template: `https://${id}.example/{urn}`,
    kind: "redirect" as const,
    example: `${prefix}${prefix === "urn:nbn" ? ":de" : ""}-1`,
    source: "test",
    confirmed: null,
    status,
  });
  const table = new PublicResolverTable([
    row("meta", "urn:nbn"),
    row("de", "urn:nbn:de"),
    row("bvb", "urn:nbn:de:bvb"),
    row("mdz", "urn:nbn:de:bvb:12"),
    row("mdz-old", "urn:nbn:de:bvb:12", "unverified"),
    row("gone", "urn:nbn:de:bvb:12", "retired"),
    row("kiel", "urn:nbn:de:gbv:8"),
  ]);
  const order = (urn: string) => table.candidates(urn).map((c) => c.id);

  it("four levels: sub-sub-namespace, sub-namespace, country, meta; unverified after all live", () => {
    assert.deepEqual(order("urn:nbn:de:bvb:12-bsb00012345-6"), [
      "mdz",
      "bvb",
      "de",
      "meta",
      "mdz-old",
    ]);
    assert.deepEqual(order("urn:nbn:de:gbv:8:1-1234"), ["kiel", "de", "meta"]);
  });

  it("a prefix matches only up to a ':' or '-' (bvb:120 is not bvb:12, gbv:88 not gbv:8)", () => {
    assert.deepEqual(order("urn:nbn:de:bvb:120-x"), ["bvb", "de", "meta"]);
    assert.deepEqual(order("urn:nbn:de:gbv:88-x"), ["de", "meta"]);
    assert.deepEqual(order("urn:nbn:dex-1"), ["meta"]);
    assert.deepEqual(order("urn:nbn:de:bvb:12"), ["mdz", "bvb", "de", "meta", "mdz-old"]);
  });

  it("routes case-insensitively and hands over the URN as written", () => {
    const found = table.candidates("URN:NBN:DE:BVB:12-bsb00012345-6");
    assert.deepEqual(
      found.map((c) => c.id),
      ["mdz", "bvb", "de", "meta", "mdz-old"],
    );
    assert.equal(found[0]?.url, "https://mdz.example/URN:NBN:DE:BVB:12-bsb00012345-6");
  });

  it("every candidate list is ordered: live before unverified, prefixes never growing within each", () => {
    const levels = [":sk", ":de", ":de:bvb", ":de:bvb:12", ":de:bvb:120", ":de:gbv:8", ":fi"];
    fc.assert(
      fc.property(
        fc.constantFrom(...levels),
        fc.stringMatching(/^[a-z0-9]{1,8}$/),
        fc.array(fc.boolean(), { minLength: 20, maxLength: 20 }),
        (level, tail, upper) => {
          const written = [...`urn:nbn${level}-${tail}`]
            .map((ch, i) => (upper[i % 20] ? ch.toUpperCase() : ch))
            .join("");
          const found = table.candidates(written);
          assert.ok(found.length > 0, written);
          for (let i = 1; i < found.length; i++) {
            const [a, b] = [found[i - 1], found[i]] as [(typeof found)[0], (typeof found)[0]];
            assert.ok(a.status !== "unverified" || b.status === "unverified", written);
            if (a.status === b.status) assert.ok(a.prefix.length >= b.prefix.length, written);
          }
          assert.ok(found.every((c) => c.url.endsWith(written)));
          assert.ok(!found.some((c) => c.id === "gone"));
        },
      ),
    );
  });
});

describe("public resolvers: the URN as handed over", () => {
  it("keeps its case, as Norway writes it, and folds case only to route", () => {
    assert.equal(urlOf("URN:NBN:no-56882", "nbn-no"), "https://urn.nb.no/URN:NBN:no-56882");
    assert.equal(urlOf("urn:nbn:NO-56882", "nbn-no"), "https://urn.nb.no/urn:nbn:NO-56882");
    // urn.issn.org's template spells "urn:issn:" itself (as the urn-resolver rule does).
    assert.equal(urlOf("URN:ISSN:1476-4687", "issn"), "https://urn.issn.org/urn:issn:1476-4687");
  });

  it("r- and q-components go only to the RFC 2169 services; the f-component never", () => {
    const urn = "urn:nbn:hu-8131?+via=x?=lang=hu#p2";
    assert.equal(urlOf(urn, "nbn-hu"), "http://nbn.urn.hu/N2L?urn:nbn:hu-8131?+via=x?=lang=hu");
    assert.equal(urlOf(urn, "nbn-meta"), "https://nbn-resolving.org/urn:nbn:hu-8131");
    assert.equal(
      urlOf("urn:nir:stato:legge:1990-08-07;241?=vig=2020-01-01", "nir"),
      "https://www.normattiva.it/uri-res/N2Ls?urn:nir:stato:legge:1990-08-07;241?=vig=2020-01-01",
    );
    assert.equal(
      urlOf("urn:nbn:fi-fe2021050428812?+a?=b#c", "nbn-fi"),
      "https://urn.fi/urn:nbn:fi-fe2021050428812",
    );
  });

  it("{urn%} encodes the URN as a query value, its own %hh included", () => {
    assert.equal(
      urlOf("urn:nbn:se:uu:diva-35%2D2637?=x", "nbn-se"),
      "https://urn.kb.se/resolve?urn=urn%3Anbn%3Ase%3Auu%3Adiva-35%252D2637",
    );
  });
});

/**
 * Each transform: URNs with the URL its row must give, worked out from the transform's rules
 * (undefined: the row gives none), then URNs it turns down, so that no row is offered.
 */
const TRANSFORMS: {
  title: string;
  urls: [urn: string, row: string, url: string | undefined, why?: string][];
  turnedDown: [urn: string, why?: string][];
}[] = [
  {
    title: "ietf: the number without leading zeros, and padded to four digits for the old files",
    urls: [
      ["urn:ietf:rfc:0791", "ietf-rfc", "https://www.rfc-editor.org/info/rfc791"],
      ["urn:ietf:rfc:0791", "ietf-rfc-text", "http://www.ietf.org/rfc/rfc0791.txt"],
      ["urn:ietf:rfc:2648", "ietf-rfc-text", "http://www.ietf.org/rfc/rfc2648.txt"],
      ["urn:ietf:rfc:9", "ietf-rfc-text", "http://www.ietf.org/rfc/rfc0009.txt"],
      ["urn:ietf:rfc:000", "ietf-rfc", "https://www.rfc-editor.org/info/rfc0"],
      ["URN:IETF:RFC:8141", "ietf-rfc", "https://www.rfc-editor.org/info/rfc8141"],
      ["urn:ietf:BCP:0014", "ietf-bcp", "https://www.rfc-editor.org/info/bcp14"],
    ],
    turnedDown: [["urn:ietf:rfc:abc"], ["urn:ietf:rfc:"]],
  },
  {
    title: "doi: percent-decoded, then encoded as a URL path",
    urls: [
      [
        "urn:doi:10.1002/%28SICI%291097-4636%28199706%2935%3A4%3C437%3A%3AAID-JBM4%3E3.0.CO%3B2-F",
        "doi",
        "https://doi.org/10.1002/(SICI)1097-4636(199706)35:4%3C437::AID-JBM4%3E3.0.CO;2-F",
      ],
      ["urn:doi:10.1234/a%23b%3Fc%25d e", "doi", undefined, "not a URN"],
      ["urn:doi:10.1234/a%23b%3Fc%25d%20e", "doi", "https://doi.org/10.1234/a%23b%3Fc%25d%20e"],
      ["urn:doi:10.1234%2Fabc", "doi", "https://doi.org/10.1234/abc"],
      ["urn:doi:10.1234/%C3%A9t%C3%A9", "doi", "https://doi.org/10.1234/%C3%A9t%C3%A9"],
      ["urn:DOI:10.1000/ABC", "doi", "https://doi.org/10.1000/ABC"],
    ],
    turnedDown: [
      ["urn:doi:10.1234/%FF", "not UTF-8: no DOI name"],
      ["urn:doi:10.1234"],
      ["urn:doi:10.1234/"],
    ],
  },
  {
    title: "eidr: the RFC 7972 ':' back to the DOI's '/'",
    urls: [
      [
        "urn:eidr:10.5240:F85A-E100-B068-5B8F-B1AA-G",
        "eidr",
        "https://doi.org/10.5240/F85A-E100-B068-5B8F-B1AA-G",
      ],
      ["urn:eidr:10.5237:superfly", "eidr", "https://doi.org/10.5237/superfly"],
    ],
    turnedDown: [["urn:eidr:10.5240"]],
  },
  {
    title: "ogc: the definition server's path, an empty version as 0",
    urls: [
      ["urn:ogc:def:crs:OGC:1.3:CRS84", "ogc-def", "http://www.opengis.net/def/crs/OGC/1.3/CRS84"],
      ["urn:ogc:def:uom:EPSG::9001", "ogc-def", "http://www.opengis.net/def/uom/EPSG/0/9001"],
      [
        "urn:ogc:def:crs:EPSG:6.3:27700",
        "ogc-def",
        "http://www.opengis.net/def/crs/EPSG/6.3/27700",
      ],
    ],
    turnedDown: [
      ["urn:ogc:def:crs,crs:EPSG::27700,crs:EPSG::5701", "compound"],
      ["urn:ogc:def:crs:EPSG:4326", "four parts"],
      ["urn:ogc:def:crs:EPSG::", "no code"],
      ["urn:ogc:def:crs::6.3:4326", "no authority"],
    ],
  },
  {
    title: "epc sgtin: GTIN-14 with the indicator in front and the check digit recomputed",
    urls: [
      // 1 0614141 12345: from the right 5·3+4+3·3+2+1·3+1+4·3+1+4·3+1+6·3+0+1·3 = 81 → 9.
      // The same GTIN with a 12-digit company prefix and the indicator alone as reference.
      [
        "urn:epc:id:sgtin:061414112345.1.400",
        "epc-sgtin",
        "https://id.gs1.org/01/10614141123459/21/400",
      ],
      // The serial's TDS escapes decoded, then every non-unreserved character encoded.
      [
        "urn:epc:id:sgtin:0614141.112345.A%2FB%25!x(1)",
        "epc-sgtin",
        "https://id.gs1.org/01/10614141123459/21/A%2FB%25%21x%281%29",
      ],
      [
        "urn:epc:id:sgtin:0614141.112345.1.2",
        "epc-sgtin",
        "https://id.gs1.org/01/10614141123459/21/1.2",
      ],
    ],
    turnedDown: [
      ["urn:epc:id:sgtin:0614141.1123.400", "12 digits, not 13"],
      ["urn:epc:id:sgtin:0614141.112345", "no serial"],
      ["urn:epc:id:sgtin:0614141.112345.", "empty serial"],
      ["urn:epc:id:sgtin:06141.11234567.400", "5-digit company prefix"],
      ["urn:epc:id:SGTIN:0614141.112345.400", "schemes are lowercase"],
    ],
  },
  {
    title: "epc sscc: SSCC-18 with the extension digit in front and the check digit recomputed",
    urls: [
      // 0 0614141 000000001: from the right 1·3, eight zeros, then 1+4·3+1+4·3+1+6·3 = 48 → 2.
      [
        "urn:epc:id:sscc:0614141.0000000001",
        "epc-sscc",
        "https://id.gs1.org/00/006141410000000012",
      ],
    ],
    turnedDown: [["urn:epc:id:sscc:0614141.123456789", "16 digits, not 17"]],
  },
  {
    title: "epc sgln: GLN-13 with its check digit; extension 0 is no extension",
    urls: [
      ["urn:epc:id:sgln:0614141.12345.0", "epc-sgln", "https://id.gs1.org/414/0614141123452"],
      [
        "urn:epc:id:sgln:0614141.12345.A%2F1",
        "epc-sgln",
        "https://id.gs1.org/414/0614141123452/254/A%2F1",
      ],
    ],
    turnedDown: [],
  },
];

describe("public resolvers: transforms", () => {
  for (const { title, urls, turnedDown } of TRANSFORMS) {
    it(title, () => {
      for (const [urn, row, url, why] of urls) assert.equal(urlOf(urn, row), url, why ?? urn);
      for (const [urn, why] of turnedDown) assert.deepEqual(ids(urn), [], why ?? urn);
    });
  }

  it("gs1CheckDigit: weights 3, 1, … from the right, any length; EAN-13 as ISBN-13 has it", () => {
    assert.equal(gs1CheckDigit("629104150021"), "3");
    assert.equal(gs1CheckDigit("1061414112345"), "9");
    assert.equal(gs1CheckDigit("10614141234567890"), "8");
    assert.equal(gs1CheckDigit("061414112345"), "2");
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{12}$/), (digits) => {
        assert.equal(gs1CheckDigit(digits), isbn13CheckDigit(digits));
      }),
    );
  });
});

describe("public resolvers: rows are checked", () => {
  const good: PublicResolverRow = {
    id: "x",
    prefix: "urn:example:x",
    name: "X",
    operator: "X Org",
    template: "https://x.example/{urn}",
    kind: "redirect",
    example: "urn:example:x:1",
    source: "test",
    confirmed: "2026-01",
    status: "live",
  };
  const faults: [string, Partial<PublicResolverRow> | PublicResolverRow[], RegExp][] = [
    ["an uppercase prefix", { prefix: "urn:example:X" }, /row x: the prefix "urn:example:X"/],
    ["a prefix ending in ':'", { prefix: "urn:example:" }, /the prefix/],
    ["a placeholder the row cannot fill", { template: "https://x.example/{gtin}" }, /\{gtin\}/],
    ["an unpaired brace", { template: "https://x.example/{urn" }, /unpaired brace/],
    ["a template that is not http(s)", { template: "ftp://x.example/{urn}" }, /http or https/],
    ["a placeholder in the host", { template: "https://{nss}.example/" }, /fixed host/],
    ["components in the path", { components: true }, /components go along only/],
    ["an unknown transform", { transform: "isbn" as never }, /no transform "isbn"/],
    ["a bad date", { confirmed: "2026-13" }, /confirmed "2026-13"/],
    ["an unknown kind", { kind: "page" as never }, /kind "page"/],
    ["an example under another prefix", { example: "urn:example:y" }, /not a URN under/],
    [
      "an example the transform cannot read",
      { transform: "ietf", example: "urn:example:x:one" },
      /gives no URL/,
    ],
    [
      "an id twice",
      [good, { ...good, prefix: "urn:example:y", example: "urn:example:y" }],
      /twice/,
    ],
  ];
  for (const [what, change, message] of faults) {
    it(`refuses ${what}`, () => {
      const rows = Array.isArray(change) ? change : [{ ...good, ...change }];
      assert.throws(() => new PublicResolverTable(rows), message);
    });
  }

  it("accepts components with {urn} as the whole query, and {urn%} anywhere", () => {
    new PublicResolverTable([
      { ...good, template: "https://x.example/N2L?{urn}", components: true },
    ]);
    new PublicResolverTable([
      { ...good, template: "https://x.example/?u={urn%}", components: true },
    ]);
  });
});

describe("public resolvers: the generated files", () => {
  const json = readFileSync(resolve(packageDir, "data/public-resolvers.json"), "utf8");
  const data = readPublicResolverData(json);

  it("src/public-resolvers.generated.ts is the data file's rendering (npm run gen:public-resolvers)", () => {
    const module = readFileSync(resolve(packageDir, "src/public-resolvers.generated.ts"), "utf8");
    assert.equal(module, renderPublicResolverModule(data));
  });

  it("the README's table is the data file's rendering, with each row's source and date", () => {
    const readme = readFileSync(resolve(packageDir, "README.md"), "utf8");
    assert.equal(readme, spliceReadmeTable(readme, data));
    assert.match(readme, /curated\s+data, and it ages/);
    assert.match(
      readme,
      /\| `urn:nbn:fi` \| URN\.fi \(National Library of Finland\) \| `https:\/\/urn\.fi\/\{urn\}` \| redirect \| live \| 2026-04 \| NLCR\/CZIDLO/,
    );
  });

  it("the data file refuses unknown fields and missing ones", () => {
    const rows = JSON.parse(json).rows;
    const withTypo = JSON.stringify({
      compiled: "2026-11-25",
      rows: [{ ...rows[0], stauts: "live" }],
    });
    assert.throws(() => readPublicResolverData(withTypo), /row nbn-de: unknown field "stauts"/);
    const { source: _, ...noSource } = rows[0];
    const missing = JSON.stringify({ compiled: "2026-11-25", rows: [noSource] });
    assert.throws(() => readPublicResolverData(missing), /row nbn-de: "source" is missing/);
  });
});
