// The request bodies and query parameters of the DNB URN-Service API v2, as its clients send
// them: `priority` absent, null, a number or a numeric string ("1", as MyCoRe sends it); a
// successor as the successor's resource URL, a bare URN or null. Unknown fields are refused, as
// on urnkit's own API, and a URL is held to the rules of urnkit's own locators (checkPatchBody's),
// so a URL refused there is refused here too.

import { checkPatchBody, type LocatorFields, MAX_LOCATORS } from "./record.js";
import { Refusal } from "./refusal.js";

const priority = {
  anyOf: [
    { type: "integer", minimum: 0, maximum: 65535 },
    { type: "string", pattern: "^[0-9]{1,5}$" },
    { type: "null" },
  ],
  description: "0–65535, higher first among one organisation's URLs; a numeric string is taken",
} as const;

const url = { type: "string", minLength: 1, maxLength: 8192 } as const;

/** CreateUrlRequest: one URL of the caller's (POST …/urls, and the items of POST /urns). */
export const createUrlSchema = {
  type: "object",
  properties: {
    url,
    priority,
    owner: { type: ["string", "null"], maxLength: 8192 },
  },
  required: ["url"],
  additionalProperties: false,
} as const;

/** CreateUrnRequest (POST /urns): the URN and at least one URL. */
export const createUrnSchema = {
  type: "object",
  properties: {
    urn: { type: "string", minLength: 5, maxLength: 8192 },
    urls: { type: "array", minItems: 1, maxItems: MAX_LOCATORS, items: createUrlSchema },
  },
  required: ["urn", "urls"],
  additionalProperties: false,
} as const;

/** PATCH …/my-urls: the caller's URLs, all of them (ReplaceUrlRequest items). */
export const replaceUrlsSchema = {
  type: "array",
  maxItems: MAX_LOCATORS,
  items: {
    type: "object",
    properties: { url, priority },
    required: ["url"],
    additionalProperties: false,
  },
} as const;

/** PATCH …/urls/base64/{url}: a new priority. */
export const updateUrlSchema = {
  type: "object",
  properties: { priority },
  required: ["priority"],
  additionalProperties: false,
} as const;

/** UpdateUrnRequest (PATCH /urns/urn/{urn}): merge-patch, so an absent successor is unchanged. */
export const updateUrnSchema = {
  type: "object",
  properties: { successor: { type: ["string", "null"], maxLength: 16384 } },
  additionalProperties: false,
} as const;

export type DnbPriority = number | string | null | undefined;

export interface DnbUrlInput {
  url: string;
  priority?: DnbPriority;
  owner?: string | null;
}

/** A URL of a DNB request, checked: its priority read, its owner named by id. */
export interface DnbUrl {
  url: string;
  priority?: number;
  /** The owning organisation's id, when the request names one. */
  owner?: string;
}

/** The organisation id an `owner` names: its resource URL (…/organisations/id/{id}) or the id. */
function ownerId(owner: string): string {
  const at = owner.lastIndexOf("/organisations/id/");
  if (at < 0) return owner;
  const id = owner.slice(at + "/organisations/id/".length).replace(/\/+$/, "");
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/** A checked URL as the registry's locator. */
export function dnbLocator(url: DnbUrl): LocatorFields {
  const locator: LocatorFields = { url: url.url };
  if (url.priority !== undefined) locator.priority = url.priority;
  if (url.owner !== undefined) locator.owner = url.owner;
  return locator;
}

/**
 * The URLs of a request body (its shape checked by the route's schema): priorities read ("1" is
 * 1), owners named by id, and each URL held to the rules of urnkit's own locators (an absolute
 * http(s) URL, each once, an owner that is an organisation id).
 */
export function checkDnbUrls(urls: readonly DnbUrlInput[], path: string): DnbUrl[] {
  const checked = urls.map((u, i) => {
    const url: DnbUrl = { url: u.url };
    const priority = priorityOf(u.priority, `${path}/${i}/priority`);
    if (priority !== undefined) url.priority = priority;
    if (u.owner != null) url.owner = ownerId(u.owner);
    return url;
  });
  checkPatchBody({ locators: checked.map(dnbLocator) });
  return checked;
}

/** A priority as sent, as a number; undefined when absent or null (the registry's default). */
export function priorityOf(value: DnbPriority, path: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Refusal("bad-request", "invalid-priority", `${path}: priority is 0 to 65535`, {
      errors: [{ path, message: "0 to 65535" }],
    });
  return n;
}

/** `offset` and `count` of a DNB list: 0-based position, page size 1–`max` (default 20). */
export function listPaging(
  query: { offset?: string; count?: string },
  max: number,
  maxEnd: number,
): { offset: number; count: number } {
  const offset = wholeNumber(query.offset, "offset", 0, maxEnd) ?? 0;
  const count = wholeNumber(query.count, "count", 1, max) ?? 20;
  if (offset + count > maxEnd)
    throw new Refusal(
      "bad-request",
      "bad-offset",
      `offset + count may be at most ${maxEnd}; narrow the list (a namespace's URNs) instead`,
    );
  return { offset, count };
}

/** A whole-number query parameter within [min, max]; undefined when absent. */
export function wholeNumber(
  text: string | undefined,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined) return undefined;
  const n = /^[0-9]{1,9}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n >= min && n <= max))
    throw new Refusal(
      "bad-request",
      `bad-${name}`,
      `${name} is a whole number from ${min} to ${max}, not "${text.slice(0, 40)}"`,
    );
  return n;
}
