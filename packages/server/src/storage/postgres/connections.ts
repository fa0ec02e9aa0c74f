// The PostgreSQL store's connections: the primary's pool (every write, and the reads that must
// see them), the replica's pool when there is one (resolution's lookup, and what resolution and
// the public pages read while the primary is unreachable: read-routing.ts), and single
// connections to the primary for the NOTIFY listener and for exports. A location naming several
// servers (server-list.ts) connects through host-choice.ts; a location with one server and no
// target_session_attrs connects as pg does by itself.
// With a listen location, the primary (and the replica) are taken to be reached through a
// transaction-mode pooler (PgBouncer): the listener connects to the listen location directly,
// since LISTEN holds a server session that a transaction pooler hands to others; and no state
// is left in a session between transactions: no startup options (the role's settings hold
// instead), no named statements (unnamed-statements.ts), import stage tables per transaction.

import pg from "pg";
import { connectionPool } from "./connection-pool.js";
import { choosingClient, HostChoice } from "./host-choice.js";
import { serverList } from "./server-list.js";
import { sessionOptions } from "./session-options.js";
import { types } from "./type-parsers.js";
import { unnamedStatements } from "./unnamed-statements.js";

export interface ConnectionsOptions {
  url: string;
  readUrl: string | null;
  /** A direct connection to the primary for LISTEN, when `url` is a transaction-mode pooler. */
  listenUrl: string | null;
  /** Connections per pool. */
  poolSize: number;
  connectTimeoutMs: number;
}

type ClientClass = new (config?: string | pg.ClientConfig) => pg.Client;

interface Endpoint {
  /** The location pg parses: the first server's when there are several. */
  connectionString: string;
  Client: ClientClass | undefined;
  /** Whether the location names more than one server to choose from. */
  choosing: boolean;
}

function endpoint(location: string, connectTimeoutMs: number, pooled: boolean): Endpoint {
  const list = serverList(location);
  const first = list.servers[0];
  const direct = list.servers.length === 1 && list.target === "any" && first?.url === location;
  const Client = direct ? undefined : choosingClient(new HostChoice(list, connectTimeoutMs));
  return {
    connectionString: direct ? location : (first?.url ?? location),
    Client: pooled ? unnamedStatements(Client ?? pg.Client) : Client,
    choosing: list.servers.length > 1,
  };
}

export class PostgresConnections {
  readonly primary: pg.Pool;
  /** The replica's pool, or null without one. */
  readonly replica: pg.Pool | null;
  /**
   * Whether this process is set up to outlive its primary: a replica to read from, or several
   * servers to find the new primary among.
   */
  readonly failover: boolean;
  readonly connectTimeoutMs: number;
  /** Whether the pools go through a transaction-mode pooler (a listen location is given). */
  readonly pooled: boolean;
  readonly #primary: Endpoint;
  readonly #listen: Endpoint;

  constructor(options: ConnectionsOptions) {
    this.connectTimeoutMs = options.connectTimeoutMs;
    this.pooled = options.listenUrl !== null;
    this.#primary = endpoint(options.url, options.connectTimeoutMs, this.pooled);
    this.#listen =
      options.listenUrl === null
        ? this.#primary
        : endpoint(options.listenUrl, options.connectTimeoutMs, false);
    // A connection that breaks, idle or not, is replaced on next use; it must not crash the process.
    const pooled = {
      max: options.poolSize,
      types,
      options: this.pooled ? undefined : sessionOptions(),
      connectTimeoutMs: options.connectTimeoutMs,
    };
    this.primary = connectionPool({
      ...pooled,
      connectionString: this.#primary.connectionString,
      ...(this.#primary.Client === undefined ? {} : { Client: this.#primary.Client }),
    });
    if (options.readUrl) {
      const read = endpoint(options.readUrl, options.connectTimeoutMs, this.pooled);
      this.replica = connectionPool({
        ...pooled,
        connectionString: read.connectionString,
        ...(read.Client === undefined ? {} : { Client: read.Client }),
      });
    } else this.replica = null;
    this.failover = this.replica !== null || this.#primary.choosing;
  }

  /** A connection of its own to the primary (not from the pool), not yet connected. */
  primaryClient(config: pg.ClientConfig = {}): pg.Client {
    // JIT off as in the pools: an export's pages planned on a freshly loaded table's estimates
    // were JIT-compiled at every execution. Through a pooler the role's settings stand in.
    const session = this.pooled ? {} : { options: sessionOptions() };
    return this.#client(this.#primary, { ...session, ...config });
  }

  /** The NOTIFY listener's connection: straight to the primary, past any pooler. */
  listenClient(): pg.Client {
    return this.#client(this.#listen, { keepAlive: true });
  }

  #client(to: Endpoint, config: pg.ClientConfig): pg.Client {
    const Client = to.Client ?? pg.Client;
    return new Client({
      connectionString: to.connectionString,
      types,
      connectionTimeoutMillis: this.connectTimeoutMs,
      ...config,
    });
  }

  async end(): Promise<void> {
    await this.primary.end();
    await this.replica?.end();
  }
}
