// `urnkit links check`: checks the registry's locators (the link checker of @urnkit/server):
// those never checked first, then the longest unchecked, a line for each, and a count per outcome.

import type { DueLocator, LinkCheckResult, LinkRunSummary } from "@urnkit/server";
import { type Command, Option } from "commander";
import { dbOption } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK, EXIT_USAGE } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { checkerOptions, linkCheckOptions } from "../link-check-options.js";
import { openRegistry } from "../open-registry.js";
import { type Colors, LineWriter } from "../output.js";

interface CheckFlags {
  db: string;
  limit: string;
  organisation?: string;
  prefix?: string;
  json?: boolean;
}

export function registerLinks(program: Command, ctx: Context): void {
  const links = program
    .command("links")
    .summary("check that the registry's locators still answer")
    .description(
      "The link checker: asks each active locator of the active URNs whether it still answers, " +
        "and stores what it found (shown on record pages, in /api/v1/links and the metrics).\n\n" +
        "Exit status: 0 done, 1 some locator failed its check, 2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit links check --db data/urnkit.db", "check up to 1000 locators due for a check"],
      ]),
    );
  const check = links
    .command("check")
    .summary("check the locators due for a check")
    .description(
      "Check up to --limit locators, those never checked first, then the longest unchecked: " +
        "HEAD, a GET of the first byte where HEAD is refused or answered with an error, at most " +
        "5 redirects, --concurrency checks at once and --per-host for one host name, a " +
        "User-Agent naming urnkit and --contact. A host answering 429 or 503 with Retry-After " +
        "is left alone until then. Private, loopback and link-local addresses are refused, " +
        "also after a redirect, unless --allow-private. A locator failing --demote-after checks " +
        "in a row ranks after the record's healthy ones; none is ever removed. One line per " +
        "locator checked (--json: one JSON object), then the count per outcome.\n\n" +
        "Exit status: 0 every locator checked answers, 1 some failed, 2 usage or I/O error " +
        "(a --prefix not registered here included).",
    )
    .addOption(dbOption())
    .addOption(new Option("--limit <n>", "check at most this many locators").default("1000"))
    .addOption(new Option("--organisation <id>", "only the records of this organisation"))
    .addOption(
      new Option(
        "--prefix <prefix>",
        "only the records under this registered prefix, in any equivalent spelling (urn:nbn:fi:…)",
      ),
    )
    .addOption(new Option("--json", "one JSON object per locator checked, then the summary"));
  for (const option of linkCheckOptions("")) check.addOption(option);
  check
    .addHelpText(
      "after",
      examplesHelp([
        [
          "urnkit links check --db data/urnkit.db --contact mailto:urn@library.example",
          "check up to 1000 locators",
        ],
        [
          "urnkit links check --db data/urnkit.db --prefix urn:nbn:fi:lib- --limit 50",
          "50 locators of one prefix",
        ],
      ]),
    )
    .action(async (flags: CheckFlags, command: Command) => {
      const limit = Number(flags.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000) {
        command.error("error: --limit must be a whole number from 1 to 1000000");
      }
      const options = checkerOptions(command, "");
      const { LinkChecker, failed, Refusal, registeredPrefix } = await import("@urnkit/server");
      const { store } = await openRegistry(flags.db, command);
      // The prefix as the API reads it: any equivalent spelling of one registered here.
      let prefix: string | undefined;
      if (flags.prefix !== undefined)
        try {
          prefix = (await registeredPrefix(store, flags.prefix, "--prefix")).prefix;
        } catch (error) {
          await store.close();
          if (!(error instanceof Refusal)) throw error;
          ctx.io.stderr.write(
            ctx.colors.err.red(
              `urnkit: ${error.code}: ${error.message.replace(/^querystring\//, "")}\n`,
            ),
          );
          return ctx.exit(EXIT_USAGE);
        }
      const out = new LineWriter(ctx.io.stdout);
      let failures = 0;
      const lines: Promise<void>[] = [];
      let summary: LinkRunSummary;
      const checker = new LinkChecker(store.links, options);
      try {
        summary = await checker.run(
          {
            limit,
            organisation: flags.organisation,
            prefix,
          },
          (locator, result) => {
            if (result.kind === "checked" && failed(result.check.outcome)) failures++;
            lines.push(
              flags.json === true
                ? out.json({ urn: locator.urn, url: locator.url, ...resultJson(result) })
                : out.line(renderResult(locator, result, ctx.colors.out)),
            );
          },
        );
        await Promise.all(lines);
      } finally {
        checker.close();
        await store.close();
      }
      if (flags.json === true) await out.json({ summary });
      else await out.line(renderSummary(summary));
      await out.flush();
      ctx.exit(failures === 0 ? EXIT_OK : EXIT_INVALID);
    });
}

function resultJson(result: LinkCheckResult): Record<string, unknown> {
  if (result.kind === "checked") return { ...result.check };
  if (result.kind === "deferred") return { deferredUntil: new Date(result.until).toISOString() };
  return { stopped: true };
}

function renderResult(locator: DueLocator, result: LinkCheckResult, c: Colors): string {
  const where = `${visible(locator.url)}  ${c.dim(visible(locator.urn))}`;
  if (result.kind === "deferred") {
    return `${c.yellow("later".padEnd(16))}  until ${new Date(result.until).toISOString()}  ${where}`;
  }
  if (result.kind === "stopped") return `${c.dim("stopped".padEnd(16))}  ${where}`;
  const { outcome, status, latencyMs, finalUrl, message } = result.check;
  const good = outcome === "ok" || outcome === "redirected";
  const shown = good ? c.green(outcome.padEnd(16)) : c.red(outcome.padEnd(16));
  const detail = [
    status === null ? "---" : String(status),
    `${Math.round(latencyMs)} ms`.padStart(8),
    where,
    finalUrl === null ? "" : `→ ${visible(finalUrl)}`,
    good || message === null ? "" : `(${visible(message)})`,
  ];
  return `${shown}  ${detail.filter((d) => d !== "").join("  ")}`;
}

function renderSummary(summary: LinkRunSummary): string {
  const counts = Object.entries(summary.byOutcome)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([outcome, n]) => `${n} ${outcome}`);
  const deferred = summary.deferred === 0 ? [] : [`${summary.deferred} deferred (Retry-After)`];
  const parts = [...counts, ...deferred];
  return `${summary.checked} checked${parts.length === 0 ? "" : `: ${parts.join(", ")}`}`;
}
