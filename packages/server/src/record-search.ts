// A page of records for a list or search, from its parameters: the filters checked, the order
// chosen (storage/search.ts), the cursor of the page before read back, and the cursor of the
// next page made. The API (GET /api/v1/urns) and the search page share it.

import { decodeCursor, encodeCursor, pageLimit } from "./http/paging.js";
import { orderFor, type RecordSummary, type SearchHit } from "./storage/search.js";
import type { Store } from "./storage/store.js";
import {
  badParameter,
  LIST_DEFAULT,
  LIST_MAX,
  type RecordQueryParams,
  recordFilters,
} from "./validation/record-query.js";

export interface RecordPage {
  items: RecordSummary[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

/** The cursor names its order ("k" key, "i" id) so that one from another query is refused. */
function after(cursor: string, order: "key" | "id"): string | number {
  const [kind, value] = decodeCursor(cursor, 2) as [string, string];
  if (order === "key" && kind === "k") return value;
  if (order === "id" && kind === "i" && /^[1-9]\d{0,15}$/.test(value)) return Number(value);
  throw badParameter("cursor", "is not a cursor of this list (its filters changed?)");
}

export async function recordPage(store: Store, params: RecordQueryParams): Promise<RecordPage> {
  const filters = recordFilters(params);
  const limit = pageLimit(params.limit, LIST_DEFAULT, LIST_MAX);
  const order = orderFor(filters);
  const hits = await store.searchRecords({
    ...filters,
    order,
    limit: limit + 1,
    ...(params.cursor === undefined ? {} : { after: after(params.cursor, order) }),
  });
  // One more than a page was asked for: whether it came says whether there is a next page.
  const items = hits.slice(0, limit).map((h) => h.record);
  if (hits.length <= limit) return { items, next: null };
  const last = hits[limit - 1] as SearchHit;
  const next =
    order === "key" ? encodeCursor(["k", last.record.key]) : encodeCursor(["i", String(last.id)]);
  return { items, next };
}
