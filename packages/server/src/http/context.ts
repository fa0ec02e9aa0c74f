// What every route plugin of the server is given.

import type { OaiOptions } from "../exchange/oai/options.js";
import type { ResolutionCounter } from "../stats/resolution-counts.js";
import type { Store } from "../storage/store.js";
import type { Limits } from "../validation/limits.js";
import type { Metrics } from "./metrics.js";

export type { Limits };

export interface ServerContext {
  store: Store;
  metrics: Metrics;
  counter: ResolutionCounter;
  limits: Limits;
  /**
   * Whether a well-formed URN whose namespace is not served here is redirected to its best public
   * resolver (`serve --delegate-public`) rather than answered 404.
   */
  delegatePublic: boolean;
  /** The OAI-PMH provider's name, administrators, page size and token lifetime. */
  oai: OaiOptions;
}

export interface PluginOptions {
  ctx: ServerContext;
}
