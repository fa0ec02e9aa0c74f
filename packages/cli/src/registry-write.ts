// A registry write from the command line: opens the database its command names with --db
// (open-registry.ts: a missing one is refused), runs one registry action as the operator (the same validation and rules as the API), closes it. A refusal (an invalid value, a
// name already taken) is reported with its code and exits 1; the write's result is handed back.

import type { Command } from "commander";
import type { Context } from "./context.js";
import { EXIT_INVALID, EXIT_OK } from "./context.js";
import { openRegistry } from "./open-registry.js";

type Server = typeof import("@urnkit/server");
type Store = Awaited<ReturnType<Server["openStore"]>>;

export async function registryWrite<T>(
  ctx: Context,
  command: Command,
  write: (server: Server, store: Store) => Promise<T>,
  show: (result: T) => string,
): Promise<void> {
  const server = await import("@urnkit/server");
  const { store } = await openRegistry(String(command.opts().db), command);
  try {
    const result = await write(server, store);
    ctx.io.stdout.write(show(result));
    ctx.exit(EXIT_OK);
  } catch (error) {
    if (!(error instanceof server.Refusal)) throw error;
    const errors = (error.extensions.errors ?? []) as { path: string; message: string }[];
    // The message names the first field at fault; the others follow, one a line.
    const where = errors
      .slice(1)
      .map((e) => `\n  ${e.path || "(value)"}: ${e.message}`)
      .join("");
    ctx.io.stderr.write(ctx.colors.err.red(`urnkit: ${error.code}: ${error.message}${where}\n`));
    ctx.exit(EXIT_INVALID);
  } finally {
    await store.close();
  }
}
