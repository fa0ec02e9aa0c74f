// The namespace the import benches fill: `bench` (local), with `count` prefixes for resolution
// only, taken in turn by five organisations org-0 … org-4, so that every record is resolved
// through a longest-prefix match and owned by an organisation.

import { DEFAULT_POLICY, type Store } from "../dist/index.js";

export async function benchNamespace(
  store: Store,
  prefixes: { count: number; name: (p: number) => string; width: number },
): Promise<void> {
  const operator = { tokenId: null };
  await store.namespaces.create({ nid: "bench", local: true }, operator);
  for (let o = 0; o < 5; o++)
    await store.organisations.create({ id: `org-${o}`, name: `Org ${o}` }, operator);
  for (let p = 0; p < prefixes.count; p++)
    await store.prefixes.create(
      {
        ...DEFAULT_POLICY,
        prefix: prefixes.name(p),
        nid: "bench",
        organisation: `org-${p % 5}`,
        modes: ["resolver"],
        width: prefixes.width,
      },
      operator,
    );
}
