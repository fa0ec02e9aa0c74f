// OAI-PMH 2.0 §3.3 UTCdatetime: datestamps in this repository's granularity,
// YYYY-MM-DDThh:mm:ssZ, and `from`/`until` arguments in it or in day granularity (YYYY-MM-DD).
// Records keep their last change as ISO 8601 text with milliseconds, so a datestamp is that text
// cut to seconds, and a bound becomes a half-open range over the stored text.

import { existingDateTime, existingDay } from "../../validation/parameters/date.js";
import { OaiError } from "./oai-error.js";

export type Granularity = "day" | "seconds";

export const GRANULARITY = "YYYY-MM-DDThh:mm:ssZ";

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECONDS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A stored timestamp (or a Date) as a datestamp, granularity seconds. */
export function datestamp(stored: string | Date): string {
  const iso = typeof stored === "string" ? stored : stored.toISOString();
  return `${iso.slice(0, 19)}Z`;
}

export interface DateArgument {
  granularity: Granularity;
  /** The first instant the argument names, as stored text (milliseconds). */
  start: string;
  /** The first instant after the argument's day or second, as stored text. */
  end: string;
}

/** Why `value` is no `from`/`until` argument: not in either granularity, or no date that exists. */
export function dateArgumentFault(value: string): "format" | "nonexistent" | null {
  const day = DAY.test(value);
  if (!day && !SECONDS.test(value)) return "format";
  // The one judgement of a day's existence (2026-02-30 is none), then of the time in it.
  const exists = day ? existingDay(value) : existingDateTime(value);
  return exists === null ? "nonexistent" : null;
}

/** A `from` or `until` value; badArgument when it is not a valid date in either granularity. */
export function parseDateArgument(name: string, value: string): DateArgument {
  const fault = dateArgumentFault(value);
  if (fault === "format")
    throw new OaiError(
      "badArgument",
      `${name} "${value}" is not a date: give YYYY-MM-DD or ${GRANULARITY} (UTC)`,
    );
  if (fault === "nonexistent")
    throw new OaiError("badArgument", `${name} "${value}" is not a date that exists`);
  const day = DAY.test(value);
  const iso = day ? `${value}T00:00:00.000Z` : `${value.slice(0, 19)}.000Z`;
  const ms = Date.parse(iso);
  const step = day ? 86_400_000 : 1000;
  return {
    granularity: day ? "day" : "seconds",
    start: iso,
    end: new Date(ms + step).toISOString(),
  };
}
