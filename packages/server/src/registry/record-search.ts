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
import { pageLimit } from "../validation/paging.js";
import { decodeCursor, encodeCursor } from "../validation/parameters/cursor.js";
import {
  LIST_DEFAULT,
  LIST_MAX,
  type RecordQueryParams,
  recordFilters,
} from "../validation/record-query.js";
import { Refusal } from "../validation/refusal.js";
import { isStoredTime } from "../validation/stored-time.js";

export interface RecordPage {
  items: RecordSummary[];
  /** The cursor of the next page; null on the last. */
  next: string | null;
}

const ID = /^[1-9]\d{0,15}$/;

/** The list a cursor belongs to: the records in one order (the filters choose it). */
const listOf = (order: RecordOrder) => `urns-by-${order}`;

/** The position a cursor names; 400 bad-cursor for one of another list or order. */
function after(cursor: string, order: RecordOrder): string | number | OaiPosition {
  if (order === "updated") {
    const [updated, id] = decodeCursor(cursor, listOf(order), 2) as [string, string];
    if (isStoredTime(updated) && ID.test(id)) return { updated, id: Number(id) };
  } else {
    const [value] = decodeCursor(cursor, listOf(order), 1) as [string];
    if (order === "key") return value;
    if (ID.test(value)) return Number(value);
  }
  throw new Refusal("bad-request", "bad-cursor", "the cursor is not one this server gave out");
}

/** The cursor of the page after `last`. */
function cursorAfter(last: SearchHit, order: RecordOrder): string {
  if (order === "key") return encodeCursor(listOf(order), [last.record.key]);
  if (order === "updated")
    return encodeCursor(listOf(order), [last.record.updated, String(last.id)]);
  return encodeCursor(listOf(order), [String(last.id)]);
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
