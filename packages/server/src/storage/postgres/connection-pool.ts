// The store's connection pools, built so that losing the database never ends the process and
// never holds a request for long: a connection that cannot be made within the connect timeout
// fails (a request then answers 503, http/error-handler.ts) rather than waiting for the
// operating system's TCP timeout; TCP keepalive notices a server that vanished without closing
// its sockets; and an 'error' event, on the pool (an idle connection broke) or on a connection
// checked out between two of its queries, is listened to: the next query on that connection
// fails instead, and the pool replaces it.
//
// pg-pool uses one setting, connectionTimeoutMillis, both for making a connection and for
// waiting in its queue for a busy pool's next free one. The two are different things: a burst
// of writes on a healthy database may queue for seconds, while a database that does not answer
// a connection attempt within the connect timeout is down. So the pool's setting bounds the
// queue, and each connection bounds its own attempt (a Client with its own timeout).

import pg from "pg";

/** How long a connection may take to be made, unless the store is told otherwise. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

/** How long a query may wait for a connection of a busy pool before the request answers 503. */
export const POOL_QUEUE_TIMEOUT_MS = 30_000;

export interface ConnectionPoolOptions {
  connectionString: string;
  max: number;
  types: pg.CustomTypesConfig;
  /** The session's startup options (session-options.ts); none through a transaction pooler. */
  options: string | undefined;
  /** The connect timeout, in milliseconds. */
  connectTimeoutMs: number;
  /** The client class to connect with (host-choice.ts), when not pg's own. */
  Client?: new (
    config?: string | pg.ClientConfig,
  ) => pg.Client;
}

const ignore = () => {};

export function connectionPool(options: ConnectionPoolOptions): pg.Pool {
  const connectTimeoutMs = options.connectTimeoutMs;
  const Base = (options.Client ?? pg.Client) as typeof pg.Client;
  class BoundedClient extends Base {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeoutMs });
    }
  }
  const pool = new pg.Pool({
    Client: BoundedClient,
    connectionString: options.connectionString,
    max: options.max,
    types: options.types,
    ...(options.options === undefined ? {} : { options: options.options }),
    connectionTimeoutMillis: Math.max(POOL_QUEUE_TIMEOUT_MS, connectTimeoutMs),
    keepAlive: true,
  });
  pool.on("error", ignore);
  pool.on("connect", (client) => client.on("error", ignore));
  return pool;
}
