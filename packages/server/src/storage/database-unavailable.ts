// Which failures mean "the database cannot be reached or cannot write now" rather than "this
// request is wrong" or "the server has a bug": a PostgreSQL server that stopped, restarts, fails
// over or dropped the connection, a connection that could not be made in time, a SQLite file that
// became read-only, full, locked or unreadable. The one list both the HTTP answer (503 with
// Retry-After, http/error-handler.ts) and the background tasks (retry with backoff) go by.

/** Node's socket error codes of a server that is down, unreachable or went away. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server going away or not taking work: 57P01 admin_shutdown, 57P02
 * crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery), 53300
 * too_many_connections, 25006 read_only_sql_transaction (a write reaching a standby, as after a
 * failover). Class 08 (connection exceptions) is matched by its prefix.
 */
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300", "25006"]);

/**
 * pg's own messages for a connection it lost or could not make; they come without a code. The
 * pool's "timeout exceeded when trying to connect" is its connection timeout.
 */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable|Connection closed)/;

/**
 * SQLite's primary result codes (better-sqlite3 reports the extended ones, e.g.
 * SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED): the file cannot be written or read now.
 */
const SQLITE_CODES = /^SQLITE_(READONLY|CANTOPEN|IOERR|FULL|BUSY|LOCKED|PROTOCOL)(_|$)/;

function matches(error: unknown, depth: number): boolean {
  if (typeof error !== "object" || error === null || depth > 4) return false;
  const { code, message, errors, cause } = error as {
    code?: unknown;
    message?: unknown;
    errors?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string") {
    if (SOCKET_CODES.has(code) || SQLSTATES.has(code) || SQLITE_CODES.test(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === "string" && PG_MESSAGES.test(message)) return true;
  // A connection to a name with several addresses fails with all of them (AggregateError).
  if (Array.isArray(errors) && errors.some((e) => matches(e, depth + 1))) return true;
  return cause !== undefined && matches(cause, depth + 1);
}

/** Whether `error` says the database is unreachable or cannot write now (worth trying later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  return matches(error, 0);
}

/** What to log of such an error: its code and message, without the stack of every request. */
export function unavailableReason(error: unknown): string {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  const text = typeof message === "string" && message !== "" ? message : String(error);
  return typeof code === "string" && !text.includes(code) ? `${code}: ${text}` : text;
}
