// Which of a location's servers (server-list.ts) new connections go to, chosen the way libpq
// does for target_session_attrs: the servers are tried in order and the first whose session is
// of the wanted kind is taken; after a failover the old primary refuses connections and the
// promoted standby now accepts writes, so the next connection finds it without a restart.
// The choice is kept while connections to it succeed and made again when one fails. A search
// that found no server is not repeated for RETRY_MS: meanwhile a connection fails at once (503
// with Retry-After) instead of every request probing every server again.

import pg from "pg";
import { fits, type ServerAddress, type ServerList, type SessionTarget } from "./server-list.js";

/** How long after a search that found no server a new search may start. */
const RETRY_MS = 500;

const STATE_SQL =
  "SELECT pg_is_in_recovery() AS in_recovery, current_setting('transaction_read_only') = 'on' AS read_only";

interface SessionState {
  inRecovery: boolean;
  readOnly: boolean;
}

/** The error of a search that found no server of the wanted kind: class 08, unavailable. */
function noServer(list: ServerList, tried: string[]): Error {
  return Object.assign(
    new Error(
      `no server of ${list.servers.map(address).join(", ")} takes ${list.target} sessions now (${tried.join("; ")})`,
    ),
    { code: "08001" },
  );
}

function address(s: ServerAddress): string {
  return s.host.includes(":") ? `[${s.host}]:${s.port}` : `${s.host}:${s.port}`;
}

async function sessionState(client: pg.ClientBase): Promise<SessionState> {
  const { rows } = await client.query<{ in_recovery: boolean; read_only: boolean }>(STATE_SQL);
  const row = rows[0];
  return { inRecovery: row?.in_recovery === true, readOnly: row?.read_only === true };
}

export class HostChoice {
  readonly #list: ServerList;
  readonly #connectTimeoutMs: number;
  #chosen: ServerAddress | null = null;
  #search: Promise<ServerAddress> | null = null;
  #failedSearch: { at: number; error: Error } | null = null;

  constructor(list: ServerList, connectTimeoutMs: number) {
    this.#list = list;
    this.#connectTimeoutMs = connectTimeoutMs;
  }

  get target(): SessionTarget {
    return this.#list.target;
  }

  /** The server for a new connection: the one chosen before, or the first that fits now. */
  choose(): Promise<ServerAddress> {
    if (this.#chosen !== null) return Promise.resolve(this.#chosen);
    if (this.#search !== null) return this.#search;
    const failed = this.#failedSearch;
    if (failed !== null && Date.now() - failed.at < RETRY_MS) return Promise.reject(failed.error);
    const search = this.#find().then(
      (server) => {
        this.#chosen = server;
        this.#failedSearch = null;
        return server;
      },
      (error: Error) => {
        this.#failedSearch = { at: Date.now(), error };
        throw error;
      },
    );
    this.#search = search;
    const done = () => {
      if (this.#search === search) this.#search = null;
    };
    search.then(done, done);
    return search;
  }

  /** A connection to `server` failed or it is no longer of the wanted kind: choose again. */
  lost(server: ServerAddress): void {
    if (this.#chosen === server) this.#chosen = null;
  }

  /** Whether a session just opened is of the wanted kind (a server may have changed since). */
  async fits(client: pg.ClientBase): Promise<boolean> {
    return this.#list.target === "any" || fits(this.#list.target, await sessionState(client));
  }

  async #find(): Promise<ServerAddress> {
    const tried: string[] = [];
    const states = new Map<ServerAddress, SessionState>();
    for (const server of this.#list.servers) {
      const state = await this.#probe(server, tried);
      if (state === null) continue;
      states.set(server, state);
      const wanted = this.#list.target === "prefer-standby" ? "standby" : this.#list.target;
      if (fits(wanted, state)) return server;
    }
    // prefer-standby: no standby answered, so any server that did.
    if (this.#list.target === "prefer-standby") {
      const first = states.keys().next();
      if (first.done !== true) return first.value;
    }
    throw noServer(this.#list, tried);
  }

  /** The session state of a short connection to `server`, or null when it cannot be made. */
  async #probe(server: ServerAddress, tried: string[]): Promise<SessionState | null> {
    const client = new pg.Client({
      connectionString: server.url,
      connectionTimeoutMillis: this.#connectTimeoutMs,
    });
    client.on("error", () => {});
    try {
      await client.connect();
      const state = await sessionState(client);
      tried.push(
        `${address(server)}: ${state.inRecovery ? "standby" : "primary"}${state.readOnly ? ", read-only" : ""}`,
      );
      return state;
    } catch (error) {
      tried.push(`${address(server)}: ${(error as Error).message || String(error)}`);
      return null;
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** The shape pg-pool needs of a client class (its `Client` option). */
type ClientClass = new (config?: string | pg.ClientConfig) => pg.Client;

/**
 * A pg.Client that connects to the server `choice` chooses, for pg.Pool's `Client` option and the
 * store's own connections. A session found not to fit (the server changed since it was chosen)
 * is closed and fails as unavailable.
 */
export function choosingClient(choice: HostChoice): ClientClass {
  return class ChoosingClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | undefined {
      const connected = this.#connectToChosen();
      if (callback === undefined) return connected;
      connected.then(() => callback(undefined as unknown as Error), callback);
      return undefined;
    }

    async #connectToChosen(): Promise<pg.Client> {
      const server = await choice.choose();
      // pg.Pool's connect timeout destroys the socket of a client still connecting.
      if ((this.connection as unknown as { stream?: { destroyed?: boolean } }).stream?.destroyed)
        throw Object.assign(new Error("Connection terminated while choosing a server"), {
          code: "08006",
        });
      this.host = server.host;
      this.port = server.port;
      const parameters = (this as unknown as { connectionParameters: pg.ClientConfig })
        .connectionParameters;
      parameters.host = server.host;
      parameters.port = server.port;
      try {
        await super.connect();
      } catch (error) {
        choice.lost(server);
        throw error;
      }
      if (!(await choice.fits(this).catch(() => false))) {
        choice.lost(server);
        await this.end().catch(() => {});
        throw Object.assign(
          new Error(`${address(server)} no longer takes ${choice.target} sessions`),
          { code: "08001" },
        );
      }
      return this;
    }
  };
}
