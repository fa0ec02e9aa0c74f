// A SQLite database file ready for minting over HTTP, as the crash test and the mint bench start
// from: the prefix's namespace (local), its organisation, and a registrar token of that
// organisation. The store is closed again, so that a server process may open the file.

import { issueToken } from "../src/registry/tokens.js";
import type { OrganisationInput } from "../src/storage/organisations.js";
import { openSqliteStore } from "../src/storage/sqlite/sqlite-store.js";
import { organisationWithPrefix, type PrefixSetup } from "./prefix-setup.js";

/** Makes the database in `file`; the registrar's token. */
export async function mintingDatabase(
  file: string,
  organisation: OrganisationInput,
  prefix: Omit<PrefixSetup, "organisation">,
): Promise<string> {
  const store = await openSqliteStore(file);
  const operator = { tokenId: null };
  try {
    await store.namespaces.create({ nid: prefix.nid, local: true }, operator);
    await organisationWithPrefix(store, organisation, prefix);
    return (await issueToken(store, { role: "registrar", organisation: organisation.id }, operator))
      .token;
  } finally {
    await store.close();
  }
}
