// Politeness for outbound requests: at most `total` tasks at once, and at most `perHost` of them
// for any one host, so that checking many URLs never hammers a single server. Tasks wait in the
// order they came and start as soon as both limits allow: the next to start is the earliest
// waiting task whose host has a free slot, tasks of busy hosts skipped, not waited on.
//
// Each host keeps its own queue, and the hosts that could start one more (a task waiting and a
// slot free) wait in a heap by their first task's arrival, so starting the next costs the log of
// the number of such hosts, not a walk past every task of the busy ones (with a host's locators in
// a row, thousands of them).

interface Waiting {
  /** The task's place in the order of arrival. */
  sequence: number;
  start: () => void;
}

/** One host's tasks: those running, and those waiting in order. */
interface HostTasks {
  running: number;
  waiting: Waiting[];
  /** Index of the first still waiting in `waiting` (the ones before it have started). */
  head: number;
  /** Whether the host is in the heap of hosts that can start one more. */
  ready: boolean;
}

export interface HostLimits {
  /** Tasks running at once, over all hosts. */
  total: number;
  /** Tasks running at once for one host. */
  perHost: number;
}

/** The arrival of a host's first waiting task. */
function firstArrival(host: HostTasks): number {
  return (host.waiting[host.head] as Waiting).sequence;
}

export class HostLimiter {
  readonly #limits: HostLimits;
  /** Hosts with a task running or waiting. */
  readonly #hosts = new Map<string, HostTasks>();
  /** Hosts with a task waiting and a slot free, earliest first arrival on top (a binary heap). */
  readonly #ready: HostTasks[] = [];
  #active = 0;
  #sequence = 0;

  constructor(limits: HostLimits) {
    if (!(limits.total >= 1 && limits.perHost >= 1)) {
      throw new RangeError("the limits must be at least 1");
    }
    this.#limits = limits;
  }

  /** Runs `task` once the limits allow one more for `host`; resolves or rejects as it does. */
  run<T>(host: string, task: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let tasks = this.#hosts.get(host);
      if (tasks === undefined) {
        tasks = { running: 0, waiting: [], head: 0, ready: false };
        this.#hosts.set(host, tasks);
      }
      const own = tasks;
      const start = () => {
        this.#active++;
        own.running++;
        let running: Promise<T>;
        try {
          running = task();
        } catch (error) {
          running = Promise.reject(error);
        }
        running.then(resolve, reject).finally(() => {
          this.#active--;
          own.running--;
          if (own.running === 0 && own.head === own.waiting.length) this.#hosts.delete(host);
          else this.#offer(own);
          this.#next();
        });
      };
      own.waiting.push({ sequence: this.#sequence++, start });
      this.#offer(own);
      this.#next();
    });
  }

  /** Puts `host` among the ready ones if it has a task waiting and a slot free. */
  #offer(host: HostTasks): void {
    if (host.ready || host.head === host.waiting.length) return;
    if (host.running >= this.#limits.perHost) return;
    host.ready = true;
    this.#push(host);
  }

  /** Starts the earliest waiting tasks the limits allow. */
  #next(): void {
    while (this.#active < this.#limits.total && this.#ready.length > 0) {
      const host = this.#pop();
      host.ready = false;
      const waiting = host.waiting[host.head] as Waiting;
      host.head++;
      // The started ones are dropped now and then, not one by one (a shift copies the rest).
      if (host.head === host.waiting.length) {
        host.waiting.length = 0;
        host.head = 0;
      } else if (host.head >= 1024 && host.head * 2 >= host.waiting.length) {
        host.waiting.splice(0, host.head);
        host.head = 0;
      }
      waiting.start();
      this.#offer(host);
    }
  }

  #push(host: HostTasks): void {
    const heap = this.#ready;
    let i = heap.push(host) - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (firstArrival(heap[parent] as HostTasks) <= firstArrival(host)) break;
      heap[i] = heap[parent] as HostTasks;
      i = parent;
    }
    heap[i] = host;
  }

  #pop(): HostTasks {
    const heap = this.#ready;
    const top = heap[0] as HostTasks;
    const last = heap.pop() as HostTasks;
    if (heap.length > 0) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= heap.length) break;
        const right = left + 1;
        const child =
          right < heap.length &&
          firstArrival(heap[right] as HostTasks) < firstArrival(heap[left] as HostTasks)
            ? right
            : left;
        if (firstArrival(last) <= firstArrival(heap[child] as HostTasks)) break;
        heap[i] = heap[child] as HostTasks;
        i = child;
      }
      heap[i] = last;
    }
    return top;
  }
}
