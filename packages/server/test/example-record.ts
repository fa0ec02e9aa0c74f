// An active record in the example namespace, as the link tests make theirs: its URLs ranked in
// the order given (priorities 10, 9, …), made by the operator.

import type { Store } from "../src/storage/store.js";

export function activeExampleRecord(
  store: Pick<Store, "records">,
  name: string,
  owner: { organisation: string | null; prefix: string | null },
  urls: readonly string[],
) {
  return store.records.create(
    {
      urn: `urn:example:${name}`,
      key: `urn:example:${name}`,
      nid: "example",
      status: "active",
      ...owner,
      locators: urls.map((url, i) => ({ url, priority: 10 - i })),
    },
    { tokenId: null },
  );
}
