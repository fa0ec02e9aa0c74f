// Transactions of the PostgreSQL store, and batches of them sharing one transaction (Store's
// writeBatch; a harvest writes each page as one). Every store call made inside a batch, in its
// async context (AsyncLocalStorage), runs on the batch's connection: a write's own transaction
// becomes a savepoint there, so a write refused by the database rolls back only itself and the
// batch goes on; reads see what the batch wrote before. The batch commits once, at its end: one
// commit (and one WAL flush) instead of one per write. Writes inside a batch take turns, each
// savepoint released or rolled back before the next one starts, since two savepoints open at
// once on one connection would nest and be rolled back together; a read outside a write takes a
// turn too (a read the database refuses fails the batch: reads are not wrapped in savepoints).

import { AsyncLocalStorage } from "node:async_hooks";
import type pg from "pg";
import { StateError } from "../errors.js";
import type { Queryable } from "./organisations.js";

interface Batch {
  client: pg.PoolClient;
  /** The connection as reads outside a write see it: each query waits for its own turn. */
  reader: pg.PoolClient;
  /** Settled when the query or write holding the connection ends. */
  turn: Promise<void>;
  ended: boolean;
}

interface Context {
  batch: Batch;
  /** Inside a write of the batch: a nested write is a savepoint within it, not a new turn. */
  holding: boolean;
}

/** Rolls back and releases a connection; one that cannot even roll back is discarded. */
async function abandon(client: pg.PoolClient): Promise<void> {
  const broken = await client.query("ROLLBACK").then(
    () => undefined,
    (e: Error) => e,
  );
  client.release(broken);
}

export class WriteBatches {
  readonly #pool: pg.Pool;
  readonly #context = new AsyncLocalStorage<Context>();

  constructor(pool: pg.Pool) {
    this.#pool = pool;
  }

  /** Where a query made now goes: the enclosing batch's connection, or the pool. */
  db(): Queryable {
    const context = this.#context.getStore();
    if (context === undefined) return this.#pool;
    // A call still running after its batch ended (a sibling of a failed write) must not reach a
    // connection the pool has since given to someone else.
    if (context.batch.ended) throw new StateError("the write batch it belonged to has ended");
    return context.holding ? context.batch.client : context.batch.reader;
  }

  /**
   * Runs `step` once the connection is free. A query sent while another write's savepoint is
   * open would be rolled back with it, or fail with it ("current transaction is aborted").
   */
  async #turn<T>(batch: Batch, step: () => Promise<T>): Promise<T> {
    const previous = batch.turn;
    let done = () => {};
    batch.turn = new Promise((resolve) => {
      done = resolve;
    });
    await previous;
    try {
      return await step();
    } finally {
      done();
    }
  }

  /** `work` in a transaction of its own, or as a savepoint of the enclosing batch. */
  async tx<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const context = this.#context.getStore();
    if (context === undefined) {
      const client = await this.#pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work(client);
        await client.query("COMMIT");
        client.release();
        return result;
      } catch (error) {
        await abandon(client);
        throw error;
      }
    }
    const { batch } = context;
    if (context.holding) return this.#savepoint(batch, work);
    return this.#turn(batch, () =>
      this.#context.run({ batch, holding: true }, () => this.#savepoint(batch, work)),
    );
  }

  async #savepoint<T>(batch: Batch, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    if (batch.ended) throw new StateError("the write batch it belonged to has ended");
    const c = batch.client;
    // One name for all: ROLLBACK TO and RELEASE name the newest savepoint of that name.
    await c.query("SAVEPOINT write");
    try {
      const result = await work(c);
      await c.query("RELEASE SAVEPOINT write");
      return result;
    } catch (error) {
      await c.query("ROLLBACK TO SAVEPOINT write; RELEASE SAVEPOINT write");
      throw error;
    }
  }

  /**
   * Runs `work` with every store call inside it on one connection in one transaction: committed
   * when `work` resolves, rolled back when it rejects. Inside a batch already: part of that one.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#context.getStore() !== undefined) return work();
    const client = await this.#pool.connect();
    const batch: Batch = { client, reader: client, turn: Promise.resolve(), ended: false };
    const turn = <T>(step: () => Promise<T>) => this.#turn(batch, step);
    batch.reader = new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (property !== "query") return typeof value === "function" ? value.bind(target) : value;
        return (...args: Parameters<pg.PoolClient["query"]>) =>
          turn(() => (target.query as (...a: unknown[]) => Promise<unknown>)(...args));
      },
    });
    try {
      await client.query("BEGIN");
      const result = await this.#context.run({ batch, holding: false }, work);
      // Writes started by `work` and not awaited by it have had their turn before the commit.
      await batch.turn;
      batch.ended = true;
      await client.query("COMMIT");
      client.release();
      return result;
    } catch (error) {
      batch.ended = true;
      await abandon(client);
      throw error;
    }
  }
}
