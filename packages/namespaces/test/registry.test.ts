// The IANA registry snapshot (RFC 8141 §7.2) and the urn:ietf registries (RFC 6924, RFC 3553).

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, it } from "node:test";
import { renderRegistryModule } from "../scripts/registry-csv.js";
import { registry } from "../src/index.js";
import { snapshotsDir } from "./shared-data.js";

describe("registry", () => {
  it("holds the 2026-07-28 snapshot: 97 formal and 8 informal namespaces", () => {
    assert.equal(registry.snapshotDate, "2026-07-28");
    assert.equal(registry.entries.filter((e) => e.kind === "formal").length, 97);
    const informal = registry.entries.filter((e) => e.kind === "informal").map((e) => e.nid);
    assert.deepEqual(informal, [
      "urn-1",
      "urn-2",
      "urn-3",
      "urn-4",
      "urn-5",
      "urn-6",
      "urn-7",
      "urn-8",
    ]);
  });

  it("looks NIDs up case-insensitively", () => {
    assert.equal(registry.get("ISBN")?.nid, "isbn");
    assert.equal(registry.get("Urn-7")?.kind, "informal");
    assert.equal(registry.isRegistered("EXAMPLE"), true);
    assert.equal(registry.isRegistered("acmeparts"), false);
    assert.equal(registry.get("nope"), undefined);
  });

  it("keeps references, dates and notes", () => {
    const adid = registry.get("adid");
    assert.equal(adid?.reference, "[RFC8107]");
    assert.deepEqual(adid?.references, ["RFC8107"]);
    assert.equal(adid?.date, "2017-01-20");
    assert.match(adid?.note ?? "", /ad-id/);
    assert.equal(registry.get("3gpp")?.date, undefined, "IANA records no date for 3gpp");
    assert.deepEqual(registry.get("c2pa")?.references, ["C2PA <https://c2pa.org/>"]);
  });

  it("has the urn:ietf sub-namespaces and params names", () => {
    assert.equal(registry.ietf.snapshotDate, "2026-02-02");
    assert.deepEqual(
      registry.ietf.subNamespaces.map((e) => e.name),
      ["rfc", "fyi", "std", "bcp", "id", "mtg", "params"],
    );
    assert.equal(registry.ietf.params.length, 23);
    assert.equal(registry.ietf.getSubNamespace("RFC")?.name, "rfc");
    assert.deepEqual(registry.ietf.getParam("unit")?.references, ["RFC9880", "RFC8428", "RFC8798"]);
    assert.equal(registry.ietf.getParam("capport:unrestricted")?.reference, "[RFC8910]");
    assert.equal(
      registry.ietf.getParam("ACME"),
      undefined,
      "params names match exactly (RFC 3553)",
    );
    assert.equal(
      registry.ietf.getParam("dns"),
      undefined,
      "RFC 3553's dns example was never registered",
    );
  });

  it("the generated module matches the snapshots in data/", () => {
    const expected = renderRegistryModule(
      readFileSync(resolve(snapshotsDir, "iana-urn-namespaces.csv"), "utf8"),
      readFileSync(resolve(snapshotsDir, "iana-urn-ietf-params.csv"), "utf8"),
    );
    const actual = readFileSync(new URL("../src/registry.generated.ts", import.meta.url), "utf8");
    assert.equal(actual, expected, "run `npm run gen:registry`");
  });
});
