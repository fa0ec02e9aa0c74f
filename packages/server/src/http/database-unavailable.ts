// The answer to a request that needs the database while it cannot be reached or cannot write
// (storage/database-unavailable.ts says which failures those are): 503 with Retry-After, so
// clients and load balancers come back later instead of taking it for the server's bug (500).

import { problem } from "./problem.js";

/** Seconds a client is asked to wait: about how long a PostgreSQL restart or failover takes. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function databaseUnavailable(): {
  body: ReturnType<typeof problem>;
  headers: Record<string, string>;
} {
  return {
    body: problem(
      503,
      "database-unavailable",
      "the database cannot be reached or cannot write now; try again later",
    ),
    headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS) },
  };
}
