// Registries A and B on one engine for a suite that harvests A into B through A's own OAI-PMH
// provider (/oai, on loopback): both set up alike, A filled, its provider listening. Made in the
// suite's before hook, closed in its after.

import { buildServer } from "../../src/server.js";
import type { Store } from "../../src/storage/store.js";
import type { Engine, EngineHandle } from "../engines.js";
import { madeInSuite } from "../made-in-suite.js";
import { listen } from "../oai-listen.js";
import { skippedWhen } from "../skipped-when.js";

export interface RegistryPair {
  readonly a: EngineHandle;
  readonly b: EngineHandle;
  /** A's OAI-PMH base URL. */
  readonly url: string;
}

export function suiteRegistryPair(
  engine: Engine,
  options: {
    /** What both registries are given first. */
    configure(store: Store): Promise<void>;
    /** What A holds to be harvested. */
    fill(a: EngineHandle): Promise<void>;
    /** Records a page of A's lists. */
    pageSize: number;
  },
): RegistryPair {
  return madeInSuite(
    skippedWhen(engine.skip),
    {
      async make() {
        const a = await engine.open();
        const b = await engine.open();
        await options.configure(a.store);
        await options.configure(b.store);
        await options.fill(a);
        const app = await buildServer({ store: a.store, oai: { pageSize: options.pageSize } });
        return { a, b, app, url: await listen(app) };
      },
      async close({ a, b, app }) {
        await app.close();
        await a.close();
        await b.close();
      },
    },
    ["a", "b", "url"],
  );
}
