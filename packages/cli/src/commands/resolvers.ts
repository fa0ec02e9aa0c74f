// `urnkit resolvers list`: the curated table of public resolvers that `urnkit resolve` uses.
// `urnkit resolvers check`: asks every row's resolver about the row's example URN (a few at a
// time, at most 2 per host, SSRF-guarded) and reports which answer as the row documents them, so
// a maintainer can refresh the table's dates and statuses.

import {
  PUBLIC_RESOLVERS_COMPILED,
  type PublicResolverRow,
  publicResolverTable,
} from "@urnkit/namespaces";
import type { FollowResult, Hop } from "@urnkit/server";
import { type Command, Option } from "commander";
import { parseTimeout } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { type Colors, LineWriter } from "../output.js";
import { commandResolverOrigins } from "../resolver-origins.js";

/** Requests to one host at a time, at most. */
const PER_HOST = 2;

interface CheckOptions {
  json?: boolean;
  concurrency: string;
  timeout: string;
  allowPrivate?: boolean;
  retired?: boolean;
}

/** What `resolvers check` found for one row. */
interface RowCheck {
  id: string;
  prefix: string;
  status: PublicResolverRow["status"];
  kind: PublicResolverRow["kind"];
  confirmed: string | null;
  url: string;
  /** Whether the answer is what the row's kind says. */
  documented: boolean;
  /** The answer that decided it (status, Location, final URL), or the failure. */
  answer: { status: number | null; location: string | null; url: string } | null;
  error: { code: string; message: string } | null;
  detail: string;
}

export function registerResolvers(program: Command, ctx: Context): void {
  const resolvers = program
    .command("resolvers")
    .summary("the public resolvers `urnkit resolve` knows: list or check them")
    .description(
      `The curated table of public URN resolvers (compiled ${PUBLIC_RESOLVERS_COMPILED}): list its ` +
        "rows, or check which still answer as documented. It is data that ages: check before " +
        "relying on it.\n\nExit status: 0 done, 1 some row does not answer as documented (check), " +
        "2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit resolvers list", "every row: id, status, answer kind, prefix, template"],
        ["urnkit resolvers check urn:nbn", "ask every NBN resolver about its example URN"],
      ]),
    );

  resolvers
    .command("list")
    .summary("list the public-resolver table")
    .description(
      "List the rows of the public-resolver table: id, status (live, unverified, retired), what " +
        "the resolver answers with, the prefix it serves, its URL template and the date a source " +
        "last showed it working.\n\nExit status: 0 listed, 2 usage or I/O error.",
    )
    .addOption(new Option("--json", "one JSON object per row"))
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit resolvers list", "the table, one row a line"],
        [
          "urnkit resolvers list --json | jq -r 'select(.status==\"live\") | .prefix'",
          "live prefixes",
        ],
      ]),
    )
    .action(async (options: { json?: boolean }) => {
      const out = new LineWriter(ctx.io.stdout);
      for (const row of publicResolverTable.rows) {
        if (options.json === true) await out.json(row);
        else
          await out.line(
            [
              row.id.padEnd(22),
              row.status.padEnd(11),
              row.kind.padEnd(13),
              row.prefix.padEnd(18),
              (row.confirmed ?? "undated").padEnd(11),
              row.template,
            ].join("  "),
          );
      }
      await out.flush();
      ctx.exit(EXIT_OK);
    });

  resolvers
    .command("check")
    .summary("ask every row's resolver about its example URN")
    .description(
      "Ask each row's resolver about the row's example URN and report whether it answers as " +
        "documented: a redirect (3xx with a Location, not followed) for redirecting resolvers, a " +
        "2xx after at most 5 redirects for landing pages and lists. HEAD first, GET when HEAD is " +
        "refused; a few requests at a time (--concurrency), at most 2 per host; never a private, " +
        "loopback or link-local address unless --allow-private. With prefixes or ids, only the " +
        "rows they select. Retired rows only with --retired.\n\n" +
        "Exit status: 0 every row checked answers as documented, 1 some row does not, 2 usage or " +
        "I/O error.",
    )
    .argument("[row...]", "row ids, or prefixes the rows' prefixes start with (urn:nbn)")
    .addOption(new Option("--json", "one JSON object per row"))
    .addOption(new Option("--concurrency <n>", "requests at once, over all hosts").default("8"))
    .addOption(new Option("--timeout <seconds>", "give up on a row after this long").default("15"))
    .addOption(new Option("--allow-private", "allow private, loopback and link-local addresses"))
    .addOption(new Option("--retired", "check retired rows as well"))
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit resolvers check", "every live and unverified row"],
        ["urnkit resolvers check nbn-fi doi --json", "two rows, one JSON object each"],
      ]),
    )
    .action(async (selectors: string[], options: CheckOptions, command: Command) => {
      const concurrency = Number(options.concurrency);
      if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
        command.error("error: --concurrency must be a whole number from 1 to 64");
      }
      const totalMs = parseTimeout(command, "timeout", options.timeout);
      const connectTo = commandResolverOrigins(ctx.io.env ?? process.env, command);
      const rows = selectRows(selectors, options.retired === true, command);
      const { follow, HostLimiter } = await import("@urnkit/server");
      const limiter = new HostLimiter({ total: concurrency, perHost: PER_HOST });
      const checks = rows.map((row) => {
        const url = publicResolverTable.urlFor(row.id, row.example) as string;
        return limiter.run(new URL(url).host, async () =>
          judge(
            row,
            url,
            await follow(url, {
              // A redirecting resolver is judged by its own answer: the redirect is not followed.
              maxRedirects: row.kind === "redirect" ? 0 : 5,
              allowPrivate: options.allowPrivate === true,
              totalTimeoutMs: totalMs,
              connectTimeoutMs: Math.min(5000, totalMs),
              connectTo,
            }),
          ),
        );
      });
      const out = new LineWriter(ctx.io.stdout);
      let documented = 0;
      // Printed in table order, each as soon as it and those before it are done.
      for (const pending of checks) {
        const check = await pending;
        if (check.documented) documented++;
        if (options.json === true) await out.json(check);
        else await out.line(renderCheck(check, ctx.colors.out));
      }
      if (options.json !== true) {
        await out.line(`${documented} of ${rows.length} rows answer as documented`);
      }
      await out.flush();
      ctx.exit(documented === rows.length ? EXIT_OK : EXIT_INVALID);
    });
}

/** The rows the selectors name (ids, or prefixes of row prefixes); every one must select some. */
function selectRows(selectors: string[], retired: boolean, command: Command): PublicResolverRow[] {
  const all = publicResolverTable.rows.filter((row) => retired || row.status !== "retired");
  if (selectors.length === 0) return all;
  for (const s of selectors) {
    const key = s.toLowerCase();
    if (!all.some((row) => row.id === key || row.prefix.startsWith(key))) {
      command.error(`error: no row has the id or a prefix starting with "${visible(s)}"`);
    }
  }
  const keys = selectors.map((s) => s.toLowerCase());
  return all.filter((row) => keys.some((k) => row.id === k || row.prefix.startsWith(k)));
}

/** Whether the answer is what the row documents, and why. */
function judge(row: PublicResolverRow, url: string, r: FollowResult): RowCheck {
  const base = {
    id: row.id,
    prefix: row.prefix,
    status: row.status,
    kind: row.kind,
    confirmed: row.confirmed,
    url,
  };
  // Told to take no redirect, follow ends a redirecting resolver's chain with too-many-redirects.
  const stopped = row.kind === "redirect" && r.error?.code === "too-many-redirects";
  if (r.error !== null && !stopped) {
    return {
      ...base,
      documented: false,
      answer: null,
      error: r.error,
      detail: `${r.error.code}: ${r.error.message}`,
    };
  }
  // A redirecting resolver: its answer is the last hop (after a GET when HEAD was refused).
  if (row.kind === "redirect") {
    const hop = r.hops.at(-1) as Hop;
    const redirect = hop.status >= 300 && hop.status < 400 && hop.location !== null;
    const location = hop.location === null ? null : new URL(hop.location, hop.url).href;
    return {
      ...base,
      documented: redirect,
      answer: { status: hop.status, location, url: hop.url },
      error: null,
      detail: redirect ? `${hop.status} → ${location}` : `answered ${hop.status}, not a redirect`,
    };
  }
  const last = r.hops.at(-1) as Hop;
  const redirects = r.hops.filter((h) => h.status >= 300 && h.status < 400).length;
  const after = redirects === 0 ? "" : ` after ${redirects} redirect${redirects === 1 ? "" : "s"}`;
  return {
    ...base,
    documented: r.ok,
    answer: { status: r.status, location: null, url: r.url },
    error: null,
    detail: r.ok
      ? `${r.status} ${last.contentType ?? "(no content type)"}${after}`
      : `answered ${r.status}${after}, expected a 2xx ${row.kind === "uri-list" ? "list" : "page"}`,
  };
}

function renderCheck(check: RowCheck, c: Colors): string {
  const verdict = check.documented ? c.green("ok  ") : c.red("FAIL");
  const status = check.status.padEnd(10);
  const shown = check.status === "live" ? status : c.yellow(status);
  return `${verdict}  ${check.id.padEnd(22)}  ${shown}  ${visible(check.detail)}  ${c.dim(check.url)}`;
}
