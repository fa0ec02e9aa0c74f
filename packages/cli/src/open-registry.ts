// Opening the registry a command names with --db. A mistyped path must not become a new, empty
// registry (and, for `serve`, one that answers 404 to everything): a SQLite file that does not
// exist is refused unless the command was asked to make one (--create, or `urnkit init`). What a
// creation made can be taken back while nothing uses it yet (`serve` on a busy port).

import { existsSync, rmSync } from "node:fs";
import { dirname, resolve } from "node:path";
import type { Store } from "@urnkit/server";
import type { Command } from "commander";

export interface OpenedRegistry {
  store: Store;
  /** Whether this call made the SQLite database. */
  created: boolean;
  /** Closes the store; removes the database (and any directory made for it) if this call made it. */
  discard(): Promise<void>;
}

export interface OpenRegistryOptions {
  /** Make a missing SQLite file (--create, `urnkit init`); otherwise it is a usage error. */
  create?: boolean;
  /** Whether the command offers --create, for the hint in the refusal. */
  offersCreate?: boolean;
  /** A PostgreSQL replica for resolution lookups (serve --db-read). */
  readLocation?: string | null;
  /** A direct connection to the primary for LISTEN, behind a transaction pooler (serve --db-listen). */
  listenLocation?: string | null;
  /** How long making a PostgreSQL connection may take (serve --db-connect-timeout). */
  connectTimeoutMs?: number;
  /** Apply pending migrations (the default); off to read the database as it is (verify). */
  migrate?: boolean;
}

/** The outermost directory on the way to `path` that does not exist, or null when all do. */
function firstMissingDirectory(path: string): string | null {
  let missing: string | null = null;
  for (let dir = dirname(resolve(path)); !existsSync(dir); dir = dirname(dir)) missing = dir;
  return missing;
}

/**
 * What a command says when its registry is missing: that there is none at the path (and where it
 * came from, when the user did not type it), then how to make one.
 */
function missingDatabaseError(
  location: string,
  command: Command,
  missingDirectory: string | null,
  offersCreate: boolean,
): string {
  const directory =
    missingDirectory === null ? "" : `: the directory ${missingDirectory} does not exist either`;
  const source = command.getOptionValueSource("db");
  const from =
    source === "default"
      ? " (the default; name another with --db or URNKIT_DB)"
      : source === "env"
        ? " (from URNKIT_DB)"
        : "";
  const how = offersCreate
    ? `pass --create, or run \`urnkit init --db ${location}\``
    : `run \`urnkit init --db ${location}\` (or \`urnkit serve --db ${location} --create\`)`;
  return `error: no database at ${location}${from}${directory}. Check the path; to make a new registry there, ${how}`;
}

/** Whether `location` names a SQLite file that does not exist (PostgreSQL URLs always exist here). */
export async function isMissingSqliteFile(location: string): Promise<boolean> {
  const { isPostgresUrl } = await import("@urnkit/server");
  return !isPostgresUrl(location) && location !== ":memory:" && !existsSync(location);
}

export async function openRegistry(
  location: string,
  command: Command,
  options: OpenRegistryOptions = {},
): Promise<OpenedRegistry> {
  const { openStore } = await import("@urnkit/server");
  const missing = await isMissingSqliteFile(location);
  const missingDirectory = missing ? firstMissingDirectory(location) : null;
  if (missing && options.create !== true) {
    command.error(
      missingDatabaseError(location, command, missingDirectory, options.offersCreate === true),
    );
  }
  const store = await openStore(location, {
    readLocation: options.readLocation ?? null,
    listenLocation: options.listenLocation ?? null,
    mustExist: !missing,
    migrate: options.migrate ?? true,
    ...(options.connectTimeoutMs === undefined
      ? {}
      : { connectTimeoutMs: options.connectTimeoutMs }),
  });
  return {
    store,
    created: missing,
    async discard() {
      await store.close();
      if (!missing) return;
      if (missingDirectory !== null) rmSync(missingDirectory, { recursive: true, force: true });
      else
        for (const suffix of ["", "-wal", "-shm", "-journal"])
          rmSync(`${location}${suffix}`, { force: true });
    },
  };
}
