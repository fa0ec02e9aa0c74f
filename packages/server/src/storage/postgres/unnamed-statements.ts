// Connections through a transaction-mode pooler (PgBouncer's pool_mode = transaction) may reach
// a different server session for every transaction, so a statement prepared under a name in one
// transaction is unknown in the next ("prepared statement … does not exist"; PgBouncer before
// 1.21 keeps no prepared statements at all). Through such a pooler every statement goes unnamed:
// parsed each time, which costs a little planning and nothing else.

import type pg from "pg";

type ClientClass = new (config?: string | pg.ClientConfig) => pg.Client;

/** `Base` with the name taken off every query config, so that none is prepared under a name. */
export function unnamedStatements(Base: ClientClass): ClientClass {
  class Unnamed extends (Base as typeof pg.Client) {}
  const query = Base.prototype.query as (...args: unknown[]) => unknown;
  Object.defineProperty(Unnamed.prototype, "query", {
    configurable: true,
    writable: true,
    value(this: pg.Client, config: unknown, ...rest: unknown[]) {
      // A Submittable (a cursor, a COPY stream) is passed as it is.
      const named =
        typeof config === "object" &&
        config !== null &&
        typeof (config as { submit?: unknown }).submit !== "function" &&
        (config as { name?: unknown }).name !== undefined;
      return query.call(this, named ? { ...(config as object), name: undefined } : config, ...rest);
    },
  });
  return Unnamed;
}
