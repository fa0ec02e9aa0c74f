// Days and times a request names (updatedSince; the statistics' from and to; OAI-PMH's from and
// until): one judgement of whether the date exists, for every route, page and command. Date.parse
// rolls 2026-02-30 over into March, so a date that does not come back as written does not exist.

import { Refusal } from "../refusal.js";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** RFC 3339 §5.6 date-time (a space or a lowercase t and z allowed, as §5.6's note allows). */
const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-](\d{2}):(\d{2}))$/;

/** The midnight (UTC) of `day` (YYYY-MM-DD) in milliseconds; null when that day does not exist. */
export function existingDay(day: string): number | null {
  if (!DAY.test(day)) return null;
  const t = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day ? null : t;
}

/** The instant an RFC 3339 date-time names, in milliseconds; null when it is none that exists. */
export function existingDateTime(text: string): number | null {
  const m = DATE_TIME.exec(text);
  if (m === null || existingDay(m[1] as string) === null) return null;
  const [hours, minutes, seconds] = [m[2], m[3], m[4]].map(Number) as [number, number, number];
  const offsetHours = m[7] === undefined ? 0 : Number(m[7]);
  const offsetMinutes = m[8] === undefined ? 0 : Number(m[8]);
  if (hours > 23 || minutes > 59 || seconds > 59 || offsetHours > 23 || offsetMinutes > 59)
    return null;
  const t = Date.parse(text.toUpperCase().replace(" ", "T"));
  return Number.isNaN(t) ? null : t;
}

function badDate(name: string, detail: string): Refusal {
  return new Refusal("bad-request", "bad-date", `${name} is ${detail}`, {
    errors: [{ path: `/${name}`, message: `is ${detail}` }],
  });
}

/** The day parameter `name` (YYYY-MM-DD) as its midnight (UTC); 400 bad-date otherwise. */
export function dayParameter(name: string, text: string): number {
  const t = existingDay(text);
  if (t === null) throw badDate(name, "a day of the calendar, YYYY-MM-DD");
  return t;
}

/**
 * The time parameter `name`: an RFC 3339 date-time, or a day (its midnight, UTC), as records
 * store times (ISO 8601 UTC with milliseconds); 400 bad-date otherwise.
 */
export function timeParameter(name: string, text: string): string {
  const t = existingDay(text) ?? existingDateTime(text);
  if (t === null)
    throw badDate(name, "a day of the calendar, YYYY-MM-DD, or an RFC 3339 date-time on one");
  return new Date(t).toISOString();
}

/** 400 when a range's first day is after its last. */
export function checkDayOrder(from: number, to: number): void {
  if (from > to) throw new Refusal("bad-request", "bad-range", "from is after to");
}
