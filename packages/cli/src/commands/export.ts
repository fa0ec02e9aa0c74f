// `urnkit export`: every record of a registry database as NDJSON (the format `urnkit import`
// reads), streamed in constant memory, with a progress bar on a terminal.

import { once } from "node:events";
import { createWriteStream } from "node:fs";
import type { Writable } from "node:stream";
import type { Command } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { progressBar } from "../progress-bar.js";

interface ExportOptions {
  db: string;
  output?: string;
  all?: boolean;
  withTokens?: boolean;
  withHistory?: boolean;
}

export function registerExport(program: Command, ctx: Context): void {
  program
    .command("export")
    .summary("export a registry database as NDJSON")
    .description(
      "Write every URN record, one JSON object a line, to standard output or --output. The " +
        "progress bar (on a terminal) goes to standard error.\n\nExit status: 0 done, 2 usage or I/O error.",
    )
    .addOption(dbOption())
    .option("-o, --output <file>", "write to this file instead of standard output")
    .option(
      "--all",
      "the whole registry in the exit format (namespaces, organisations, prefixes, records, link checks, harvest sources, statistics): what `urnkit import --all` reads",
    )
    .option("--with-tokens", "with --all: include the API tokens (their hashes)")
    .option("--with-history", "with --all: include the audit log")
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit export --db data/urnkit.db -o backup.ndjson", "a full backup, importable again"],
        ["urnkit export --db data/urnkit.db | grep deactivated", "every line is one record"],
        [
          "urnkit export --all --with-tokens --with-history --db data/urnkit.db -o registry.ndjson",
          "the whole registry, to move it or hand it on",
        ],
      ]),
    )
    .action(async (options: ExportOptions, command: Command) => {
      if ((options.withTokens || options.withHistory) && !options.all)
        command.error("error: --with-tokens and --with-history go with --all");
      const { exportLines, exportRegistry } = await import("@urnkit/server");
      const { store } = await openRegistry(options.db, command);
      const out: Writable = options.output ? createWriteStream(options.output) : ctx.io.stdout;
      const bar = progressBar(
        ctx.io.stderr,
        "exporting [{bar}] {percentage}% | {value}/{total} records",
      );
      try {
        bar?.start(await store.records.count(), 0);
        let done = 0;
        const chunks = options.all
          ? exportRegistry(store, {
              tokens: options.withTokens === true,
              history: options.withHistory === true,
            })
          : exportLines(store);
        for await (const chunk of chunks) {
          if (!out.write(chunk)) await once(out, "drain");
          done += chunk.split("\n").length - 1;
          bar?.update(done);
        }
        if (options.output) {
          out.end();
          await once(out, "finish");
        }
      } finally {
        bar?.stop();
        await store.close();
      }
      ctx.exit(EXIT_OK);
    });
}
