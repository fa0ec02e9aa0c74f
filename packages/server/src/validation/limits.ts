// How much the registry accepts in one request: the bounds every write path and lookup shares.

export interface Limits {
  /** Longest URN accepted in a request target or body, in bytes. */
  urnBytes: number;
  /** Largest JSON request body, in bytes. */
  jsonBytes: number;
  /** Records per import transaction. */
  importBatch: number;
}
