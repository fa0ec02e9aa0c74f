// Opening the registry's database by its location: a postgres:// URL selects the PostgreSQL
// engine, anything else is a SQLite file. The command line and the tests open stores here only.

import type { Store } from "./store.js";

export interface OpenStoreOptions {
  /** A PostgreSQL replica for resolution lookups; only with a PostgreSQL `location`. */
  readLocation?: string | null;
  /**
   * A direct connection to the PostgreSQL primary for LISTEN, when `location` is a
   * transaction-mode pooler (PgBouncer); only with a PostgreSQL `location`.
   */
  listenLocation?: string | null;
  /** Refuse to create a missing SQLite file (commands that read an existing registry). */
  mustExist?: boolean;
  /** How long making a PostgreSQL connection may take before it fails (default 5 s). */
  connectTimeoutMs?: number;
  /**
   * Apply pending migrations (the default). Off for a command that reads the database as it is
   * (`urnkit verify`), which then says itself what the schema lacks.
   */
  migrate?: boolean;
}

const POSTGRES_URL = /^postgres(?:ql)?:\/\//i;

export function isPostgresUrl(location: string): boolean {
  return POSTGRES_URL.test(location);
}

/** The location fit for logs and messages: a URL without its password. */
export function displayLocation(location: string): string {
  if (!isPostgresUrl(location)) return location;
  try {
    const url = new URL(location);
    if (url.password !== "") url.password = "***";
    return url.toString();
  } catch {
    // Several servers (host1:port1,host2:port2) are no URL to WHATWG: the password taken out here.
    return location.replace(/^(postgres(?:ql)?:\/\/[^:@/?#]*:)[^@/?#]*@/i, "$1***@");
  }
}

/**
 * Opens the store at `location` (a file path, ":memory:" or a postgres:// URL) and migrates it
 * unless told not to.
 */
export async function openStore(location: string, options: OpenStoreOptions = {}): Promise<Store> {
  const readLocation = options.readLocation || null;
  const listenLocation = options.listenLocation || null;
  if (isPostgresUrl(location)) {
    if (readLocation !== null && !isPostgresUrl(readLocation))
      throw new Error("the read database must be a postgres:// URL as well");
    if (listenLocation !== null && !isPostgresUrl(listenLocation))
      throw new Error("the listen connection must be a postgres:// URL as well");
    const { openPostgresStore } = await import("./postgres/postgres-store.js");
    return openPostgresStore(
      {
        url: location,
        readUrl: readLocation,
        listenUrl: listenLocation,
        ...(options.connectTimeoutMs === undefined
          ? {}
          : { connectTimeoutMs: options.connectTimeoutMs }),
      },
      { migrate: options.migrate ?? true },
    );
  }
  if (readLocation !== null)
    throw new Error("a read replica needs a PostgreSQL database: pass a postgres:// URL as --db");
  if (listenLocation !== null)
    throw new Error("--db-listen needs a PostgreSQL database: pass a postgres:// URL as --db");
  const { openSqliteStore } = await import("./sqlite/sqlite-store.js");
  return openSqliteStore(location, {
    mustExist: options.mustExist ?? false,
    migrate: options.migrate ?? true,
  });
}
