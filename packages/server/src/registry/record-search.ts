// A page of records for a list or search, from its parameters: the filters checked, the order
// chosen (storage/search.ts), the cursor of the page before read back, and the cursor of the
// next page made. The API (GET /api/v1/urns) and the search page share it.

import type { OaiPosition } from "../storage/oai.js";
import {
  orderFor,
  type RecordOrder,
  type RecordSummary,
  type SearchHit,
} from "../storage/search.js";
import type { Store } from "../storage/store.js";
import { decodeCursor, encodeCursor, pageLimit } from "../validation/paging.js";
import {
  badParameter,
  LIST_DEFAULT,
  LIST_MAX,
  type RecordQueryParams,
  recordFilters,
} from "../validation/record-query.js";
import { isStoredTime } from "../validation/stored-time.js";

export interface RecordPage {
  items: RecordSummary[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

const ID = /^[1-9]\d{0,15}$/;

/**
 * The position a cursor names. It names its order ("k" key, "i" id, "u" change time and id) so
 * that one from a list in another order is refused.
 */
function after(cursor: string, order: RecordOrder): string | number | OaiPosition {
  if (order === "updated") {
    const [kind, updated, id] = decodeCursor(cursor, 3) as [string, string, string];
    if (kind === "u" && isStoredTime(updated) && ID.test(id)) return { updated, id: Number(id) };
  } else {
    const [kind, value] = decodeCursor(cursor, 2) as [string, string];
    if (order === "key" && kind === "k") return value;
    if (order === "id" && kind === "i" && ID.test(value)) return Number(value);
  }
  throw badParameter("cursor", "is not a cursor of this list (its filters changed?)");
}

/** The cursor of the page after `last`. */
function cursorAfter(last: SearchHit, order: RecordOrder): string {
  if (order === "key") return encodeCursor(["k", last.record.key]);
  if (order === "updated") return encodeCursor(["u", last.record.updated, String(last.id)]);
  return encodeCursor(["i", String(last.id)]);
}

export async function recordPage(store: Store, params: RecordQueryParams): Promise<RecordPage> {
  const filters = recordFilters(params);
  const limit = pageLimit(params.limit, LIST_DEFAULT, LIST_MAX);
  const order = orderFor(filters);
  const hits = await store.search.records({
    ...filters,
    order,
    limit: limit + 1,
    ...(params.cursor === undefined ? {} : { after: after(params.cursor, order) }),
  });
  // One more than a page was asked for: whether it came says whether there is a next page.
  const items = hits.slice(0, limit).map((h) => h.record);
  if (hits.length <= limit) return { items, next: null };
  const last = hits[limit - 1] as SearchHit;
  return { items, next: cursorAfter(last, order) };
}
