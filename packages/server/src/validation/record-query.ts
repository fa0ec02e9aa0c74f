// The parameters of a record list or search (GET /api/v1/urns, the search page), written once:
// the querystring schema fastify checks (each refusal names its parameter), then what a schema
// cannot say (a prefix in its equivalence-key form, a timestamp in the form records store, the
// words of a full-text query). Every refusal is a 400 naming the parameter at fault.

import { RECORD_STATUSES } from "../storage/records.js";
import type { RecordQuery } from "../storage/search.js";
import { ORGANISATION_ID } from "./organisation.js";
import { timeParameter } from "./parameters/date.js";
import { prefixParameter } from "./parameters/prefix.js";
import { statusParameter } from "./parameters/status.js";
import { Refusal } from "./refusal.js";

export const LIST_DEFAULT = 100;
export const LIST_MAX = 1000;
/** Words a full-text query may hold: each is an index lookup. */
const MAX_WORDS = 16;

const one = (description: string, extra: Record<string, unknown> = {}) =>
  ({ type: "string", description, ...extra }) as const;

export const recordQuerySchema = {
  type: "object",
  properties: {
    nid: one("Only this namespace", { pattern: "^[A-Za-z0-9][A-Za-z0-9-]{0,31}$" }),
    prefix: one("Only URNs starting with this prefix (compared as equivalence keys)", {
      minLength: 1,
      maxLength: 8192,
    }),
    organisation: one("Only this organisation's records", { pattern: ORGANISATION_ID }),
    status: one("Only records in this status", {
      enum: RECORD_STATUSES,
    }),
    updatedSince: one("Only records changed at or after this time (RFC 3339, or a day)", {
      maxLength: 64,
    }),
    url: one("Only URNs with this active locator (scheme, host and default port normalised)", {
      minLength: 1,
      maxLength: 8192,
    }),
    q: one("Words, every one of which the URN or its metadata holds", {
      minLength: 1,
      maxLength: 1024,
    }),
    limit: one(`Records a page, 1–${LIST_MAX} (default ${LIST_DEFAULT})`),
    cursor: one("The `next` of the page before"),
  },
  additionalProperties: false,
} as const;

export type RecordQueryParams = Partial<Record<keyof typeof recordQuerySchema.properties, string>>;

/** A 400 naming the query parameter at fault, as fastify's schema refusals do. */
export function badParameter(name: string, message: string): Refusal {
  return new Refusal("bad-request", "invalid-request", `querystring/${name}: ${message}`, {
    errors: [{ path: `/${name}`, message }],
    in: "querystring",
  });
}

/** Letters and digits, as both engines' full-text indexes split text into words. */
const WORD = /[\p{L}\p{N}]+/gu;

export function queryWords(q: string): string[] {
  const words = [...new Set(q.toLowerCase().match(WORD) ?? [])];
  if (words.length === 0) throw badParameter("q", "holds no word (letters or digits)");
  if (words.length > MAX_WORDS) throw badParameter("q", `holds more than ${MAX_WORDS} words`);
  return words;
}

/** The filters of a list or search, checked (the order, page and cursor are the caller's). */
export function recordFilters(
  params: RecordQueryParams,
): Omit<RecordQuery, "order" | "limit" | "after"> {
  const filters: Omit<RecordQuery, "order" | "limit" | "after"> = {};
  if (params.nid !== undefined) filters.nid = params.nid.toLowerCase();
  if (params.prefix !== undefined) filters.prefix = prefixParameter(params.prefix);
  if (params.organisation !== undefined) filters.organisation = params.organisation;
  if (params.status !== undefined) filters.status = statusParameter(params.status);
  if (params.updatedSince !== undefined)
    filters.updatedSince = timeParameter("updatedSince", params.updatedSince);
  if (params.url !== undefined) filters.url = params.url;
  if (params.q !== undefined) filters.words = queryWords(params.q);
  return filters;
}
