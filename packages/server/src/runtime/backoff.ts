// Exponential backoff with jitter for background tasks that retry a failed write (statistics,
// the NOTIFY listener, link checks): each failure doubles the wait up to a cap, and each wait is
// drawn between half of it and all of it, so that processes which lost the same database at the
// same moment do not all come back at the same moment.

export interface BackoffOptions {
  /** The first wait, in milliseconds. */
  initialMs?: number;
  /** The longest wait. */
  maxMs?: number;
  /** Random numbers in [0, 1): Math.random unless a test fixes them. */
  random?: () => number;
}

export class Backoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  readonly #random: () => number;
  #failures = 0;

  constructor(options: BackoffOptions = {}) {
    this.#initialMs = options.initialMs ?? 500;
    this.#maxMs = Math.max(options.maxMs ?? 30_000, this.#initialMs);
    this.#random = options.random ?? Math.random;
  }

  /** Failures in a row since the last success. */
  get failures(): number {
    return this.#failures;
  }

  /** Counts a failure; the wait before the next try. */
  next(): number {
    const ceiling = Math.min(this.#maxMs, this.#initialMs * 2 ** Math.min(this.#failures, 30));
    this.#failures += 1;
    return Math.round(ceiling / 2 + (ceiling / 2) * this.#random());
  }

  /** A success: the next failure waits the initial time again. */
  reset(): void {
    this.#failures = 0;
  }
}
