// A registry served for a test: a fresh database of one engine (seeded with the example namespace,
// its two organisations and their prefixes unless asked not to), its HTTP server, and tokens of
// any grant, made by the operator.

import type { FastifyInstance } from "fastify";
import { seedExample } from "../src/registry/seed.js";
import { issueToken } from "../src/registry/tokens.js";
import { buildServer } from "../src/server.js";
import type { Engine, EngineHandle } from "./engines.js";
import { skippedWhen } from "./skipped-when.js";

export interface ServedRegistry {
  h: EngineHandle;
  app: FastifyInstance;
  /** A new token of `grant`, in clear. */
  token(grant: Parameters<typeof issueToken>[1]): Promise<string>;
  close(): Promise<void>;
}

export async function servedRegistry(
  engine: Engine,
  options: { seed?: boolean } = {},
): Promise<ServedRegistry> {
  const h = await engine.open();
  if (options.seed !== false) await seedExample(h.store);
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
 * A served registry for the enclosing suite and an admin token of it: made in the suite's before
 * hook, closed in its after; read its members in the tests.
 */
export function suiteRegistry(
  engine: Engine,
  options: { seed?: boolean } = {},
): { readonly app: FastifyInstance; readonly admin: string } {
  let registry: ServedRegistry | undefined;
  let admin: string | undefined;
  // The engine's skip: no registry is made for a suite whose engine is not here.
  const { before, after } = skippedWhen(engine.skip);
  before(async () => {
    registry = await servedRegistry(engine, options);
    admin = await registry.token({ role: "admin" });
  });
  after(() => registry?.close());
  const made = () => {
    if (registry === undefined || admin === undefined)
      throw new Error("the suite's registry is made in its before hook");
    return { app: registry.app, admin };
  };
  return {
    get app() {
      return made().app;
    },
    get admin() {
      return made().admin;
    },
  };
}
