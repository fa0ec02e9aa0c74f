// The store's connection pools, built so that losing the database never ends the process and
// never holds a request for long: a connection that cannot be made within the connect timeout
// fails (a request then answers 503, http/error-handler.ts) rather than waiting for the
// operating system's TCP timeout; TCP keepalive notices a server that vanished without closing
// its sockets; and an 'error' event, on the pool (an idle connection broke) or on a connection
// checked out between two of its queries, is listened to: the next query on that connection
// fails instead, and the pool replaces it.

import pg from "pg";

/** How long a connection may take to be made, unless the store is told otherwise. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5000;

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
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    types: options.types,
    ...(options.options === undefined ? {} : { options: options.options }),
    connectionTimeoutMillis: options.connectTimeoutMs,
    keepAlive: true,
    ...(options.Client === undefined ? {} : { Client: options.Client }),
  });
  pool.on("error", ignore);
  pool.on("connect", (client) => client.on("error", ignore));
  return pool;
}
