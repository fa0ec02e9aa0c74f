// The connection that listens for the NOTIFY a namespace change sends (migrations.ts), on the
// primary. Its state is also how the store knows the primary is reachable: it breaks as soon as
// the primary goes away, and connects again, with backoff, until the primary (or, with several
// servers in the location, the standby promoted in its place) answers.

import type pg from "pg";
import { Backoff } from "../../runtime/backoff.js";
import { NAMESPACE_CHANNEL } from "./migrations.js";

export interface NamespaceListenerOptions {
  /** A new, unconnected client to the primary. */
  connect: () => pg.Client;
  /** A namespace changed (its NID; empty for all). */
  changed: (nid: string) => void;
  /** Listening began or ended: anything cached meanwhile may have missed a notification. */
  switched: (listening: boolean) => void;
  /** The longest wait between two tries to connect again. */
  maxRetryMs: number;
}

export class NamespaceListener {
  readonly #options: NamespaceListenerOptions;
  readonly #backoff: Backoff;
  #client: pg.Client | null = null;
  #listening = false;
  #closed = false;

  constructor(options: NamespaceListenerOptions) {
    this.#options = options;
    this.#backoff = new Backoff({
      initialMs: Math.min(1000, options.maxRetryMs),
      maxMs: options.maxRetryMs,
    });
  }

  /** True once LISTEN is in place, false as soon as that connection is lost. */
  get listening(): boolean {
    return this.#listening && !this.#closed;
  }

  /** Connects and listens; on failure, tries again in the background and throws. */
  async start(): Promise<void> {
    if (this.#client !== null || this.#closed) return;
    const client = this.#options.connect();
    this.#client = client;
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = null;
      const was = this.#listening;
      this.#listening = false;
      if (was) this.#options.switched(false);
      if (!this.#closed)
        setTimeout(() => void this.start().catch(() => {}), this.#backoff.next()).unref();
    };
    client.on("notification", (message) => this.#options.changed(message.payload ?? ""));
    client.on("error", lost);
    client.on("end", lost);
    try {
      await client.connect();
      await client.query(`LISTEN ${NAMESPACE_CHANNEL}`);
      if (this.#client !== client) return;
      this.#listening = true;
      this.#backoff.reset();
      this.#options.switched(true);
    } catch (error) {
      lost();
      await client.end().catch(() => {});
      throw error;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#listening = false;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }
}
