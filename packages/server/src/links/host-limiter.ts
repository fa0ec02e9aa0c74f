// Politeness for outbound requests: at most `total` tasks at once, and at most `perHost` of them
// for any one host, so that checking many URLs never hammers a single server. Tasks wait in the
// order they came and start as soon as both limits allow.

interface Waiting {
  host: string;
  start: () => void;
}

export interface HostLimits {
  /** Tasks running at once, over all hosts. */
  total: number;
  /** Tasks running at once for one host. */
  perHost: number;
}

export class HostLimiter {
  readonly #limits: HostLimits;
  readonly #running = new Map<string, number>();
  #active = 0;
  readonly #queue: Waiting[] = [];

  constructor(limits: HostLimits) {
    if (!(limits.total >= 1 && limits.perHost >= 1)) {
      throw new RangeError("the limits must be at least 1");
    }
    this.#limits = limits;
  }

  /** Runs `task` once the limits allow one more for `host`; resolves or rejects as it does. */
  run<T>(host: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.#active++;
        this.#running.set(host, (this.#running.get(host) ?? 0) + 1);
        task()
          .then(resolve, reject)
          .finally(() => {
            this.#active--;
            const left = (this.#running.get(host) ?? 1) - 1;
            if (left === 0) this.#running.delete(host);
            else this.#running.set(host, left);
            this.#next();
          });
      };
      this.#queue.push({ host, start });
      this.#next();
    });
  }

  /** Starts the first waiting tasks the limits allow, in order. */
  #next(): void {
    for (let i = 0; i < this.#queue.length && this.#active < this.#limits.total; ) {
      const waiting = this.#queue[i] as Waiting;
      if ((this.#running.get(waiting.host) ?? 0) < this.#limits.perHost) {
        this.#queue.splice(i, 1);
        waiting.start();
      } else {
        i++;
      }
    }
  }
}
