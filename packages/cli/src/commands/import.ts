// `urnkit import`: NDJSON records (the format `urnkit export` and GET /api/v1/export write) into a
// SQLite database, in batches of one transaction each; importing the same file again changes
// nothing. A progress bar on a terminal.

import { createReadStream, statSync } from "node:fs";
import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { LineWriter } from "../output.js";
import { progressBar } from "../progress-bar.js";

export function registerImport(program: Command, ctx: Context): void {
  program
    .command("import")
    .summary("import NDJSON records into a registry database")
    .description(
      "Import URN records, one JSON object a line ({urn, status, locators?, metadata?, reason?, " +
        "successors?}), into the database. Lines are checked like POST /api/v1/urns; refused lines " +
        "are reported on standard error with their line number. Records already present with the " +
        "same content are left alone.\n\nExit status: 0 every line imported or unchanged, 1 some " +
        "lines refused, 2 usage or I/O error.",
    )
    .argument("<file>", "the NDJSON file")
    .addOption(dbOption("created when missing"))
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit import records.ndjson --db data/urnkit.db",
          "import, with a progress bar on a terminal",
        ],
      ]),
    )
    .action(async (file: string, options: { db: string }) => {
      const { DEFAULT_LIMITS, importRecords, openStore } = await import("@urnkit/server");
      const size = statSync(file).size;
      const store = await openStore(options.db);
      const err = new LineWriter(ctx.io.stderr);
      const bar = progressBar(
        ctx.io.stderr,
        "importing [{bar}] {percentage}% | {value}/{total} bytes | {created} new",
      );
      const input = createReadStream(file);
      let read = 0;
      input.on("data", (chunk) => {
        read += chunk.length;
      });
      bar?.start(size, 0, { created: 0 });
      let code = EXIT_OK;
      let created = 0;
      try {
        for await (const event of importRecords(store, input, {
          actor: { tokenId: null },
          scope: null,
          limits: DEFAULT_LIMITS,
        })) {
          if ("error" in event) {
            code = EXIT_INVALID;
            bar?.stop();
            await err.line(`${file}: line ${event.line}: ${event.error} (${event.code})`);
            await err.flush();
            bar?.start(size, read, { created });
          } else if ("batch" in event) {
            created += event.created;
            bar?.update(read, { created });
          } else {
            bar?.update(size, { created });
            bar?.stop();
            ctx.io.stdout.write(
              `${event.lines} lines: ${event.created} created, ${event.unchanged} unchanged, ${event.errors} refused\n`,
            );
          }
        }
      } finally {
        bar?.stop();
        await store.close();
      }
      ctx.exit(code);
    });
}
