// `urnkit harvest`: URN–URL pairs from an OAI-PMH 2.0 provider (oai_dc or the DNB's epicur), or
// whole records with their status and successors from another urnkit (its native format urnkit),
// into the prefixes of one organisation, through the registry's own validation, policies and audit.
// Incremental and resumable (the source's state is in the database); meant to be run from cron
// or a systemd timer (docs/deploy.md). `--list` shows each source's last run.

import {
  type HarvestRun,
  type HarvestSourceListing,
  METADATA_PREFIXES,
  type MetadataPrefix,
} from "@urnkit/server";
import { type Command, Option } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { openRegistry } from "../open-registry.js";

interface HarvestCliOptions {
  db: string;
  organisation?: string;
  set?: string;
  metadataPrefix: MetadataPrefix;
  from?: string;
  rate: string;
  maxWait: string;
  timeout: string;
  maxBytes: string;
  retries: string;
  allowPrivate?: boolean;
  list?: boolean;
}

function positive(command: Command, name: string, text: string, zero = false): number {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || (!zero && n === 0))
    return command.error(`error: --${name} must be a ${zero ? "non-negative" : "positive"} number`);
  return n;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function runLine(run: HarvestRun): string {
  return (
    `run ${run.id} ${run.outcome}: ${plural(run.records, "record", "records")} in ${plural(run.pages, "page", "pages")}: ` +
    `${run.created} created, ${run.updated} updated, ${run.unchanged} unchanged, ` +
    `${run.deleted} deleted at the source, ${run.refused} refused` +
    (run.error === null ? "" : ` (${run.error})`)
  );
}

/** A running run's lease: held until when, or lapsed (its process is gone). */
export function leaseNote(s: HarvestSourceListing, at: string): string {
  if (s.lastRun?.outcome !== "running") return "";
  if (s.leaseUntil === null || s.leaseUntil <= at)
    return ` (stale: its lease lapsed${s.leaseUntil === null ? "" : ` at ${s.leaseUntil}`}, so its process is gone; the next run closes it as interrupted)`;
  return ` (its lease runs until ${s.leaseUntil})`;
}

function sourceLine(s: HarvestSourceListing): string {
  const where = `${s.url}${s.set === "" ? "" : ` set ${s.set}`} ${s.metadataPrefix} for ${s.organisation}`;
  const last =
    s.lastRun === null
      ? "never run"
      : `${runLine(s.lastRun)}, started ${s.lastRun.started}${leaseNote(s, new Date().toISOString())}`;
  const next =
    s.pending !== null
      ? "; an unfinished list goes on next time"
      : s.lastResponseDate === null
        ? ""
        : `; next from ${s.lastResponseDate}`;
  return `${where}: ${last}${next}\n`;
}

/** SIGINT or SIGTERM stops the run after the page being written (the next run goes on). */
function stopOnSignal(controller: AbortController): () => void {
  const stop = () => controller.abort();
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  return () => {
    process.off("SIGINT", stop);
    process.off("SIGTERM", stop);
  };
}

export function registerHarvest(program: Command, ctx: Context): void {
  program
    .command("harvest")
    .summary("harvest URN–URL pairs from an OAI-PMH provider into a registry")
    .description(
      "Harvest an OAI-PMH 2.0 provider's records (ListRecords, oai_dc or epicur) and register " +
        "their URNs with their URLs in the organisation's prefixes, or add the URLs a URN here " +
        "lacks, with the same checks as POST /api/v1/urns. From another urnkit, the native " +
        "format urnkit also carries each URN's status, deactivation, successor and metadata. " +
        "Each source (URL, set, format) " +
        "remembers its last response date and asks from it next time; a harvest cut short goes " +
        "on where it stopped. Refused records are printed on standard error with their OAI " +
        "identifier and reason, and stored with the run. --list shows every source's last run. " +
        "Like the link checker, the harvester never connects to a private, loopback or " +
        "link-local address, neither the base URL's nor a redirect's, unless --allow-private.\n\n" +
        "Exit status: 0 harvested with nothing refused, 1 some records refused or the harvest " +
        "failed (the reason is printed), 2 usage or I/O error.",
    )
    .argument("[url]", "the provider's base URL")
    .addOption(dbOption())
    .option("--organisation <id>", "the organisation whose prefixes take the URNs")
    .option("--set <setSpec>", "harvest one set only")
    .addOption(
      new Option("--metadata-prefix <prefix>", "the metadata format read")
        .choices([...METADATA_PREFIXES])
        .default("oai_dc"),
    )
    .option("--from <date>", "ask from this datestamp instead of the stored one")
    .option("--rate <n>", "requests a second at most (0: no limit)", "4")
    .option(
      "--max-wait <seconds>",
      "longest pause before a retry, whatever Retry-After says",
      "300",
    )
    .option("--timeout <seconds>", "longest time one request may take", "120")
    .option("--max-bytes <n>", "largest response read", String(64 * 1024 * 1024))
    .option("--retries <n>", "attempts after a failed request", "5")
    .option(
      "--allow-private",
      "allow harvesting private, loopback and link-local addresses (an intranet, tests)",
    )
    .option("--list", "list the sources harvested into the database and their last runs")
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit harvest https://repo.example.org/oai --organisation ubx --db data/urnkit.db",
          "oai_dc records into organisation ubx's prefixes",
        ],
        [
          "urnkit harvest https://repo.example.org/oai --metadata-prefix epicur --organisation ubx",
          "in the DNB's epicur format (--db taken from URNKIT_DB)",
        ],
        [
          "urnkit harvest https://urn.example.org/oai --metadata-prefix urnkit --organisation ubx",
          "whole records, deactivations and successors included, from another urnkit",
        ],
        ["urnkit harvest --list --db data/urnkit.db", "every source and its last run"],
      ]),
    )
    .action(async (url: string | undefined, options: HarvestCliOptions, command: Command) => {
      if (options.list === true) {
        const { store } = await openRegistry(options.db, command);
        try {
          for (const s of await store.harvest.listSources()) ctx.io.stdout.write(sourceLine(s));
        } finally {
          await store.close();
        }
        return ctx.exit(EXIT_OK);
      }
      if (url === undefined) return command.error("error: name the provider's base URL");
      if (options.organisation === undefined)
        return command.error("error: --organisation is required: whose prefixes take the URNs");
      if (!/^https?:\/\//i.test(url)) return command.error("error: the base URL must be http(s)");
      const server = await import("@urnkit/server");
      // Judged as the OAI-PMH provider here judges `from`: a provider would refuse it too.
      if (options.from !== undefined && server.dateArgumentFault(options.from) !== null)
        return command.error(
          "error: --from must be YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, a date that exists (OAI-PMH §3.3.1)",
        );
      const client = {
        rate: positive(command, "rate", options.rate, true),
        maxWaitMs: positive(command, "max-wait", options.maxWait, true) * 1000,
        timeoutMs: positive(command, "timeout", options.timeout) * 1000,
        maxBytes: positive(command, "max-bytes", options.maxBytes),
        retries: positive(command, "retries", options.retries, true),
        allowPrivate: options.allowPrivate === true,
      };
      const { store } = await openRegistry(options.db, command);
      const controller = new AbortController();
      const release = stopOnSignal(controller);
      try {
        const report = await server.harvest(store, {
          url,
          organisation: options.organisation,
          metadataPrefix: options.metadataPrefix,
          limits: server.DEFAULT_LIMITS,
          client,
          signal: controller.signal,
          // The command line is its database connection's only writer.
          soleWriter: true,
          ...(options.set === undefined ? {} : { set: options.set }),
          ...(options.from === undefined ? {} : { from: options.from }),
          onRefusal: (r) => {
            ctx.io.stderr.write(
              ctx.colors.err.red(
                `refused ${r.oaiIdentifier}${r.urn === null ? "" : ` (${r.urn})`}: ${r.code}: ${r.reason}\n`,
              ),
            );
          },
        });
        const { run } = report;
        const waits =
          report.waits.length === 0 ? "" : `, ${plural(report.waits.length, "retry", "retries")}`;
        ctx.io.stdout.write(
          `${runLine(run)}; ${plural(report.requests, "request", "requests")}${waits}\n`,
        );
        ctx.exit(run.outcome === "failed" || run.refused > 0 ? EXIT_INVALID : EXIT_OK);
      } catch (error) {
        // Refused before a run began: an unknown organisation, another's source, a run going on.
        if (!(error instanceof server.Refusal)) throw error;
        ctx.io.stderr.write(ctx.colors.err.red(`urnkit: ${error.code}: ${error.message}\n`));
        ctx.exit(EXIT_INVALID);
      } finally {
        release();
        await store.close();
      }
    });
}
