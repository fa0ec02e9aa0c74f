// The refusals every concern of the store may answer with: a taken key, a step the lifecycle does
// not allow, a write the database rolled back for others. Shared by the concerns, so they live
// apart from any one of them.

/** A write refused because the URN (or NID) is already taken: names the existing record. */
export class ConflictError extends Error {
  readonly existing: string;
  constructor(message: string, existing: string) {
    super(message);
    this.name = "ConflictError";
    this.existing = existing;
  }
}

/** The refusal of a record whose key `existingUrn` (an equivalent spelling) holds already. */
export function keyTaken(existingUrn: string): ConflictError {
  return new ConflictError(`an equivalent URN is already registered: ${existingUrn}`, existingUrn);
}

/** A write refused by the record's lifecycle (e.g. activating a deactivated URN). */
export class StateError extends Error {
  /** A stable code for the API ("invalid-transition" unless more is known). */
  readonly code: string;
  constructor(message: string, code = "invalid-transition") {
    super(message);
    this.name = "StateError";
    this.code = code;
  }
}

/**
 * A write the database rolled back to break a deadlock with another transaction, or as a
 * serialization failure: nothing of it was stored, and the same write sent again may succeed.
 */
export class RetryableError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = "RetryableError";
  }
}
