// What every registry action is given: the store it reads and writes, and the server's limits
// on what it accepts.

import type { Store } from "../storage/store.js";
import type { Limits } from "../validation/limits.js";

export interface ActionContext {
  store: Store;
  limits: Limits;
}
