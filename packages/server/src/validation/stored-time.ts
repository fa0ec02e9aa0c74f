// The form in which both engines store a time (records.updated and the like): ISO 8601 UTC to the
// millisecond, as Date.prototype.toISOString writes it. Text that comes back from a client (a
// cursor, a resumption token) must have exactly this form before it is compared with stored times.

const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export const isStoredTime = (v: unknown): v is string =>
  typeof v === "string" && STORED_TIME.test(v);
