// The storage contract of the registry: engine-neutral and async, so SQLite and PostgreSQL can
// sit behind it. A Store is a composition of one store per concern, each with its interface and
// types in a file of its own beside this one, and an implementation per engine (sqlite/ and
// postgres/, the same file names); what is left here is the engine's own: opening, migrating,
// transactions that span concerns, and closing.

import type { AuditStore } from "./audit.js";
import type { HarvestStore } from "./harvest.js";
import type { IntegrityStore } from "./integrity.js";
import type { LinkLeaseStore } from "./link-lease.js";
import type { LinkStore } from "./links.js";
import type { Namespace, NamespaceStore } from "./namespaces.js";
import type { OaiStore } from "./oai.js";
import type { OrganisationStore } from "./organisations.js";
import type { PrefixStore } from "./prefixes.js";
import type { RecordStore, ResolveView } from "./records.js";
import type { SearchStore } from "./search.js";
import type { StatsStore } from "./stats.js";
import type { TokenStore } from "./tokens.js";
import type { TransferStore } from "./transfer.js";

/**
 * Resolution's two reads, answered without waiting. An engine that can (embedded SQLite) offers
 * them, and the resolution fast path then answers in the request event itself: no promise, no
 * turn of the event loop, about a tenth of a resolution's cost in the package's benchmark.
 */
export interface ImmediateReads {
  getNamespace(nid: string): Namespace | null;
  resolve(key: string): ResolveView | null;
}

/** What the database can do now (a store with a read replica can resolve without its primary). */
export interface Availability {
  /** Resolution can be answered. */
  reads: boolean;
  /** Writes can be made. */
  writes: boolean;
}

export interface Store {
  readonly engine: string;
  readonly namespaces: NamespaceStore;
  readonly records: RecordStore;
  readonly transfer: TransferStore;
  readonly tokens: TokenStore;
  readonly audit: AuditStore;
  readonly organisations: OrganisationStore;
  readonly prefixes: PrefixStore;
  readonly search: SearchStore;
  readonly oai: OaiStore;
  readonly harvest: HarvestStore;
  readonly links: LinkStore;
  readonly linkLease: LinkLeaseStore;
  readonly stats: StatsStore;
  /** The registry read as a whole, for `urnkit verify`. */
  readonly integrity: IntegrityStore;
  /** Present when the engine answers resolution's reads at once (see ImmediateReads). */
  readonly immediate?: ImmediateReads;
  /** Applies pending migrations. Idempotent. */
  migrate(): Promise<void>;
  /** True when the database answers. */
  ping(): Promise<boolean>;
  /**
   * Present when reads and writes can be available apart (PostgreSQL with a read replica, or
   * several servers): what each can do now. Without it, ping() answers for both.
   */
  availability?(): Promise<Availability>;
  close(): Promise<void>;
  /**
   * Present when the engine can run a sequence of writes in one transaction whose writes each
   * become a savepoint in it (SQLite): `work`'s writes commit together when it resolves, and are
   * rolled back together when it rejects; a write refused inside rolls back only itself. Only for
   * a process that is its connection's only writer (the command line): a write of anyone else
   * sharing the connection in the meantime would join the transaction.
   */
  soleWriterBatch?<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Present when the engine can give a sequence of writes a transaction of their own while any
   * number of other writers go on (PostgreSQL): every store call made inside `work`, in its async
   * context, runs on the transaction's connection, each write as a savepoint, so a write refused
   * inside rolls back only itself; all commit together when `work` resolves and are rolled back
   * together when it rejects. Writes inside take turns.
   */
  writeBatch?<T>(work: () => Promise<T>): Promise<T>;
}
