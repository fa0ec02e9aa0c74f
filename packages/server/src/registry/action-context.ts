// What a registry action is given: the parts of the store it reads and writes (each action names
// its concerns, so a caller sees what it must provide and a test what it may stand in for), and
// the server's limits on what it accepts.

import type { Store } from "../storage/store.js";
import type { Limits } from "../validation/limits.js";

export interface ActionContext<Concern extends keyof Store> {
  store: Pick<Store, Concern>;
  limits: Limits;
}

/** What a record's writes read and write: records under prefixes of organisations in namespaces. */
export type RecordConcerns = "records" | "prefixes" | "namespaces" | "organisations";

/** A record action's context. */
export type RecordContext = ActionContext<RecordConcerns>;
