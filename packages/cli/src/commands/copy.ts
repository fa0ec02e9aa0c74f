// `urnkit copy --from DB --to DB`: a whole registry from one database into another, either engine
// to either (SQLite to PostgreSQL and back), in one stream, with a progress bar on a terminal. An
// interrupted copy run again goes on where it stopped; a target holding a registry is refused
// unless --allow-non-empty.

import type { Command } from "commander";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";
import { LineWriter } from "../output.js";
import { progressBar } from "../progress-bar.js";
import { perSecond } from "../progress-figures.js";

interface CopyOptions {
  from: string;
  to: string;
  allowNonEmpty?: boolean;
}

export function registerCopy(program: Command, ctx: Context): void {
  program
    .command("copy")
    .summary("copy a whole registry into another database")
    .description(
      "Copy everything a registry holds (namespaces, organisations, prefixes and their sequences, " +
        "records, tokens, link checks, harvest sources, statistics, the audit log) from one " +
        "database into another, as `urnkit export --all --with-tokens --with-history` and " +
        "`urnkit import --all` would, in one step and in constant memory. Each batch commits with " +
        "a note of how far the copy got, so a copy that was interrupted continues where it " +
        "stopped when run again (the source must not change meanwhile: stop its writers). A " +
        "missing SQLite target is created.\n\nExit status: 0 copied, 1 lines refused or the copy " +
        "stopped at a line, 2 usage or I/O error.",
    )
    .requiredOption("--from <file|url>", "the registry copied: a SQLite file or a postgres:// URL")
    .requiredOption(
      "--to <file|url>",
      "the database copied into: a SQLite file or a postgres:// URL",
    )
    .option(
      "--allow-non-empty",
      "copy into a database that holds a registry already (stored objects stay as they are; lines in conflict are refused and reported)",
    )
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit copy --from data/urnkit.db --to postgres://urnkit@db.example/urnkit",
          "move a registry to PostgreSQL",
        ],
        [
          "urnkit copy --from postgres://urnkit@db.example/urnkit --to back.db",
          "and back into a new SQLite file",
        ],
      ]),
    )
    .action(async (options: CopyOptions, command: Command) => {
      const server = await import("@urnkit/server");
      const from = await openRegistry(options.from, command);
      const to = await openRegistry(options.to, command, { create: true });
      const err = new LineWriter(ctx.io.stderr);
      const total = await from.store.records.count();
      const bar = progressBar(
        ctx.io.stderr,
        "copying [{bar}] {percentage}% | {value}/{total} records | {rate} records",
      );
      const started = Date.now();
      let records = 0;
      let code = EXIT_OK;
      bar?.start(total, 0, { rate: perSecond(0, 0) });
      try {
        for await (const event of server.copyRegistry(from.store, to.store, {
          source: server.displayLocation(options.from),
          allowNonEmpty: options.allowNonEmpty === true,
          limits: server.DEFAULT_LIMITS,
        })) {
          if ("resuming" in event) {
            bar?.stop();
            await err.line(
              `resuming the copy after line ${event.after} (an earlier run stopped there)`,
            );
            await err.flush();
            bar?.start(total, 0, { rate: perSecond(0, 0) });
          } else if ("batch" in event) {
            if (event.kind === "record") records += event.created + event.unchanged;
            bar?.update(records, { rate: perSecond(records, Date.now() - started) });
          } else if ("done" in event) {
            bar?.update(total);
            bar?.stop();
            ctx.io.stdout.write(
              `${event.lines} lines: ${event.created} created, ${event.unchanged} unchanged, ${event.refused} refused\n`,
            );
            if (event.refused > 0) code = EXIT_INVALID;
          } else {
            code = EXIT_INVALID;
            bar?.stop();
            const stopped = "stopped" in event;
            await err.line(
              `${options.from}: line ${event.line} of the export: ${event.error} (${event.code})${stopped ? "; the copy stopped there" : ""}`,
            );
            await err.flush();
            if (!stopped) bar?.start(total, records);
          }
        }
      } catch (error) {
        if (!(error instanceof server.Refusal)) throw error;
        bar?.stop();
        ctx.io.stderr.write(ctx.colors.err.red(`urnkit: ${error.code}: ${error.message}\n`));
        code = EXIT_INVALID;
      } finally {
        bar?.stop();
        await from.store.close();
        await to.store.close();
      }
      ctx.exit(code);
    });
}
