// `urnkit import`: NDJSON records (the format `urnkit export` and GET /api/v1/export write) into a
// registry database, in batches of one transaction each; importing the same file again changes
// nothing. A progress bar on a terminal: megabytes read, records per second, records created.

import { createReadStream, readFileSync, statSync } from "node:fs";
import type { Command } from "commander";
import { createOption, dbOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { namingFile } from "../input-lines.js";
import { openRegistry } from "../open-registry.js";
import { LineWriter } from "../output.js";
import { progressBar } from "../progress-bar.js";
import { megabytes, perSecond } from "../progress-figures.js";

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
    .addOption(dbOption())
    .addOption(createOption())
    .option(
      "--all",
      "the file is a whole registry's export (`urnkit export --all`): import everything in it; the first line it cannot import stops the import (batches before it stay committed)",
    )
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit import records.ndjson --db data/urnkit.db",
          "import, with a progress bar on a terminal",
        ],
        [
          "urnkit import records.ndjson --db copy.db --create",
          "into a new SQLite database (its namespaces must be created first)",
        ],
        [
          "urnkit import --all registry.ndjson --db postgres://urnkit@db/urnkit",
          "a whole registry, namespaces and history included",
        ],
      ]),
    )
    .action(async (file: string, options: ImportOptions, command: Command) => {
      if (options.all) return importAll(file, options, command, ctx);
      const { DEFAULT_LIMITS, importRecords } = await import("@urnkit/server");
      const source = await openImport(file, options, command);
      const { size, store, input } = source;
      const err = new LineWriter(ctx.io.stderr);
      const bar = progressBar(
        ctx.io.stderr,
        "importing [{bar}] {percentage}% | {read} of {size} | {rate} records | {created} new",
      );
      const started = Date.now();
      // The figures beside the bar, as of the last committed batch (`records`: its last line).
      const figures = (records: number, created: number) => ({
        read: megabytes(source.read),
        size: megabytes(size),
        rate: perSecond(records, Date.now() - started),
        created,
      });
      bar?.start(size, 0, figures(0, 0));
      let code = EXIT_OK;
      let created = 0;
      let records = 0;
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
            bar?.start(size, source.read, figures(records, created));
          } else if ("batch" in event) {
            created += event.created;
            records = event.lines[1];
            bar?.update(source.read, figures(records, created));
          } else {
            bar?.update(size, figures(event.lines, created));
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

interface ImportOptions {
  db: string;
  create?: boolean;
  all?: boolean;
}

/** `urnkit import --all`: a whole registry's export, stopped by the first line it cannot import. */
async function importAll(
  file: string,
  options: ImportOptions,
  command: Command,
  ctx: Context,
): Promise<void> {
  const { DEFAULT_LIMITS, importRegistry } = await import("@urnkit/server");
  const source = await openImport(file, options, command);
  const { size, store, input } = source;
  const err = new LineWriter(ctx.io.stderr);
  const bar = progressBar(ctx.io.stderr, "importing [{bar}] {percentage}% | {read} of {size}");
  const figures = () => ({ read: megabytes(source.read), size: megabytes(size) });
  bar?.start(size, 0, figures());
  let code = EXIT_OK;
  try {
    for await (const event of importRegistry(store, input, {
      actor: { tokenId: null },
      limits: DEFAULT_LIMITS,
    })) {
      if ("batch" in event) bar?.update(source.read, figures());
      else if ("done" in event) {
        bar?.update(size, figures());
        bar?.stop();
        ctx.io.stdout.write(
          `${event.lines} lines: ${event.created} created, ${event.unchanged} unchanged, ${event.refused} refused\n`,
        );
      } else {
        code = EXIT_INVALID;
        bar?.stop();
        const stopped = "stopped" in event;
        await err.line(
          `${file}: line ${event.line}: ${event.error} (${event.code})${stopped ? "; the import stopped there: the batches before that line's are committed, nothing from its batch on" : ""}`,
        );
        await err.flush();
        if (!stopped) bar?.start(size, source.read, figures());
      }
    }
  } finally {
    bar?.stop();
    input.destroy();
    await store.close();
  }
  ctx.exit(code);
}

/**
 * What both imports start with: the file's size (inputSize), the registry (created with
 * --create), and the file as a stream, with `read` counting the bytes it has given out so far.
 */
async function openImport(file: string, options: ImportOptions, command: Command) {
  const size = inputSize(file);
  const { store } = await openRegistry(options.db, command, {
    create: options.create === true,
    offersCreate: true,
  });
  const input = createReadStream(file);
  const source = { size, store, input, read: 0 };
  input.on("data", (chunk) => {
    source.read += chunk.length;
  });
  return source;
}

/**
 * The size of the file to import, refusing an unreadable one before the database is opened. A
 * directory opens like a file and fails only at its first read, so it is read here to get Node's
 * EISDIR error; every error names the file.
 */
function inputSize(file: string): number {
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) readFileSync(file);
    return stat.size;
  } catch (error) {
    throw namingFile(error, file);
  }
}
