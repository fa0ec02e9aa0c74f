// The "date-time" format of every schema: ajv-formats' check (RFC 3339 §5.6: real days, leap
// seconds, zones), after a quicker test that accepts only the form every urnkit time has
// (2026-11-28T15:48:09.123Z, as toISOString writes it) when its date and time are real; anything
// else gets the full check. An import checks several such times a line.

import formats from "ajv-formats";

export const fullDateTime = (
  formats as unknown as { get(name: string): { validate(s: string): boolean } }
).get("date-time").validate;

const ISO_INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAYS_IN_MONTH = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function twoDigits(s: string, at: number): number {
  return (s.charCodeAt(at) - 48) * 10 + s.charCodeAt(at + 1) - 48;
}

/** Whether `s` is a real UTC time in toISOString's form. */
export function isoInstant(s: string): boolean {
  if (s.length !== 24 || !ISO_INSTANT.test(s)) return false;
  const year = twoDigits(s, 0) * 100 + twoDigits(s, 2);
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return (
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= (month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month] as number)) &&
    twoDigits(s, 11) <= 23 &&
    twoDigits(s, 14) <= 59 &&
    twoDigits(s, 17) <= 59
  );
}

export function dateTimeFormat(s: string): boolean {
  return isoInstant(s) || fullDateTime(s);
}
