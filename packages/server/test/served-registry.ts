// A registry served for a test: a fresh database of one engine (seeded with the example namespace,
// its two organisations and their prefixes unless asked not to), its HTTP server, and tokens of
// any grant, made by the operator.

import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { seedExample } from "../src/registry/seed.js";
import { issueToken } from "../src/registry/tokens.js";
import { buildServer } from "../src/server.js";
import type { Store } from "../src/storage/store.js";
import type { Engine, EngineHandle } from "./engines.js";
import { madeInSuite } from "./made-in-suite.js";
import { skippedWhen } from "./skipped-when.js";

export interface ServedRegistry {
  h: EngineHandle;
  app: FastifyInstance;
  /** A new token of `grant`, in clear. */
  token(grant: Parameters<typeof issueToken>[1]): Promise<string>;
  close(): Promise<void>;
}

/** What a served registry holds: the example seed unless `seed` is false, then what `setUp` adds. */
export interface RegistryContents {
  seed?: boolean;
  setUp?: (store: Store) => Promise<void>;
}

export async function servedRegistry(
  engine: Engine,
  options: RegistryContents = {},
): Promise<ServedRegistry> {
  const h = await engine.open();
  if (options.seed !== false) await seedExample(h.store);
  await options.setUp?.(h.store);
  const app = await buildServer({ store: h.store });
  return {
    h,
    app,
    token: async (grant) => (await issueToken(h.store, grant, { tokenId: null })).token,
    close: async () => {
      await app.close();
      await h.close();
    },
  };
}

/**
 * A served registry for the enclosing suite (listening on a loopback port, with `listen`) and an
 * admin token of it: made in the suite's before
 * hook, closed in its after; read its members in the tests.
 */
export function suiteRegistry(
  engine: Engine,
  options: RegistryContents & { listen?: boolean } = {},
): {
  readonly h: EngineHandle;
  readonly app: FastifyInstance;
  readonly admin: string;
  /** The loopback port the app listens on, with `listen`; 0 without. */
  readonly port: number;
} {
  // The engine's skip: no registry is made for a suite whose engine is not here.
  return madeInSuite(
    skippedWhen(engine.skip),
    {
      async make() {
        const registry = await servedRegistry(engine, options);
        const { h, app } = registry;
        const admin = await registry.token({ role: "admin" });
        if (options.listen !== true) return { registry, h, app, admin, port: 0 };
        await app.listen({ port: 0, host: "127.0.0.1" });
        return { registry, h, app, admin, port: (app.server.address() as AddressInfo).port };
      },
      close: ({ registry }) => registry.close(),
    },
    ["h", "app", "admin", "port"],
  );
}
