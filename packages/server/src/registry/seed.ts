// First-start data: the "example" namespace (RFC 6963 reserves it for documentation, so it is
// served as a local namespace) with one record in every status, to try resolution in a browser;
// and two organisations with a prefix each: a library whose prefix takes mirrors, and a web
// archive that keeps a mirror of one of the library's URNs.

import { URN } from "@urnkit/core";
import type { Actor } from "../storage/audit.js";
import { DEFAULT_POLICY } from "../storage/prefixes.js";
import type { Deactivation, InitialStatus } from "../storage/records.js";
import type { Store } from "../storage/store.js";
import { mintUrnOf } from "./mint.js";
import { namespaceKey } from "./namespace-keys.js";

const key = (s: string) => namespaceKey(new URN(s));

/** Creates the example namespace and records unless the namespace exists. True when it did. */
export async function seedExample(store: Store): Promise<boolean> {
  if ((await store.namespaces.get("example")) !== null) return false;
  const actor: Actor = { tokenId: null };
  await store.namespaces.create(
    {
      nid: "example",
      local: true,
      template: "Namespace ID: example\nPurpose: documentation and tests (RFC 6963)\n",
      mint: { prefix: "doc-", width: 6, check: "mod11-2" },
      redirectStatus: 303,
      maxAge: 300,
    },
    actor,
  );
  // In this order: a record is deactivated right after it is created, its successor before it.
  const examples: {
    urn: string;
    status: InitialStatus;
    locators?: { url: string; priority?: number }[];
    metadata?: Record<string, unknown>;
    deactivation?: Deactivation;
  }[] = [
    {
      urn: "urn:example:report-2024",
      status: "active",
      locators: [
        { url: "https://www.example.org/reports/2024.pdf", priority: 10 },
        { url: "https://mirror.example.net/reports/2024.pdf", priority: 5 },
      ],
      metadata: { title: "Annual report 2024", creator: "Example Org" },
    },
    {
      urn: "urn:example:report-2019",
      status: "active",
      locators: [{ url: "https://www.example.org/reports/2019.pdf" }],
      metadata: { title: "Annual report 2019 (first edition)" },
      deactivation: {
        reason: "superseded by a corrected edition",
        successor: { urn: "urn:example:report-2024", key: key("urn:example:report-2024") },
      },
    },
    {
      urn: "urn:example:draft-7",
      status: "active",
      locators: [{ url: "https://www.example.org/drafts/7.html" }],
      metadata: { title: "Draft 7" },
      deactivation: { reason: "withdrawn by its author" },
    },
    { urn: "urn:example:report-2025", status: "reserved" },
  ];
  for (const { urn, status, locators = [], metadata = null, deactivation } of examples) {
    await store.records.create(
      { urn, key: key(urn), nid: "example", status, locators, metadata },
      actor,
    );
    if (deactivation !== undefined) await store.records.deactivate(key(urn), deactivation, actor);
  }
  await store.organisations.create(
    { id: "example-library", name: "Example Library", contact: "urn@library.example.org" },
    actor,
  );
  await store.organisations.create(
    { id: "example-archive", name: "Example Web Archive", contact: "urn@archive.example.net" },
    actor,
  );
  const library = await store.prefixes.create(
    {
      ...DEFAULT_POLICY,
      prefix: "urn:example:lib-",
      nid: "example",
      organisation: "example-library",
      urls: ["https://www.example.org/"],
      check: "mod11-2",
      mirrors: true,
    },
    actor,
  );
  await store.prefixes.create(
    {
      ...DEFAULT_POLICY,
      prefix: "urn:example:arc-",
      nid: "example",
      organisation: "example-archive",
      modes: ["resolver", "reservation"],
    },
    actor,
  );
  const thesis = mintUrnOf(
    library,
    await store.prefixes.takeNumbers(library.prefix, 1, "prefix.mint", actor),
  );
  await store.records.create(
    {
      urn: thesis,
      key: key(thesis),
      nid: "example",
      status: "active",
      organisation: "example-library",
      prefix: library.prefix,
      identifiers: [{ type: "shelfmark", value: "Thesis 2024/1" }],
      locators: [
        { url: "https://www.example.org/theses/2024-1.pdf", priority: 10 },
        { url: "https://archive.example.net/web/theses/2024-1.pdf", owner: "example-archive" },
      ],
      metadata: { title: "A thesis, mirrored by the web archive" },
    },
    actor,
  );
  return true;
}
