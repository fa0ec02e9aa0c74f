// `urnkit resolve`: where each URN resolves. The registry given with --db or --server first, when
// it serves the URN's namespace (its record, or that it does not hold the URN); then the public
// resolvers of @urnkit/namespaces's curated table, best first, each URL once with every row that
// gives it, with what each answers with and how sure the table is. --follow asks them in that
// order (HEAD, GET when refused, at most 5 redirects, SSRF-guarded) and prints where the first
// that answers leads. The registry at the default --db is asked when it exists (the one
// `npm start` serves); one named by --db or URNKIT_DB must exist.

import { URN, type UrnSyntaxError } from "@urnkit/core";
import { type PublicResolverCandidate, publicResolvers } from "@urnkit/namespaces";
import type { Store } from "@urnkit/server";
import { type Command, Option } from "commander";
import { candidateUrls } from "../candidate-urls.js";
import { dbOption, type InputOptions, parseTimeout, readsUrns } from "../common-options.js";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { type Attempt, type FollowTarget, followFirst } from "../follow-candidates.js";
import { examplesHelp } from "../help-examples.js";
import { inputsOf } from "../inputs.js";
import { isMissingSqliteFile, openRegistry } from "../open-registry.js";
import { type Colors, LineWriter } from "../output.js";
import { answerFromServer, answerFromStore, type RegistryAnswer } from "../registry-answer.js";
import { commandResolverOrigins } from "../resolver-origins.js";

interface ResolveOptions extends InputOptions {
  db?: string;
  server?: string;
  json?: boolean;
  follow?: boolean;
  allowPrivate?: boolean;
  timeout: string;
}

/** One URN's answer: what --json prints, and what the text lines are made of. */
interface Resolution {
  input: string;
  valid: boolean;
  error?: { code: string; index: number; message: string };
  /** Whether the registry holds it or a public resolver is known (and with --follow, answered). */
  found: boolean;
  registry: RegistryAnswer | null;
  candidates: PublicResolverCandidate[];
  follow?: Attempt[];
}

export function registerResolve(program: Command, ctx: Context): void {
  readsUrns(
    program
      .command("resolve")
      .summary("show where URNs resolve: your registry, then public resolvers")
      .description(
        "Show where each URN resolves: the registry given with --db or --server first, when it " +
          "serves the URN's namespace (what it holds, or that it does not hold the URN), then " +
          "the public resolvers known for its namespace or prefix (a curated table, see " +
          "`urnkit resolvers list`), best first, each URL once, with what each answers with " +
          "(redirect, landing page, list) and its status (live, or unverified: known but not shown " +
          "working). The registry at the default --db is asked when that file exists. " +
          "With --follow, ask them in that order until one answers: HEAD (GET when HEAD " +
          "is refused), at most 5 redirects, never a private, loopback or link-local address " +
          "unless --allow-private. With no URN arguments, reads one URN per line from standard " +
          "input (or --input).\n\n" +
          "Exit status: 0 every URN has somewhere to resolve (with --follow: one answered), " +
          "1 some URN is not a URN, or neither the registry nor a public resolver knows its " +
          "namespace, 2 usage or I/O error.",
      ),
    "URNs to resolve",
  )
    .addOption(dbOption())
    .addOption(new Option("--server <url>", "a running urnkit server to ask first"))
    .addOption(new Option("--json", "print one JSON object per input (JSON Lines)"))
    .addOption(new Option("--follow", "follow the candidates until one answers"))
    .addOption(
      new Option(
        "--allow-private",
        "let --follow reach private, loopback and link-local addresses",
      ),
    )
    .addOption(
      new Option(
        "--timeout <seconds>",
        "give up on a candidate (or the --server) after this long",
      ).default("10"),
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit resolve urn:nbn:fi-fe2021050428812", "URN.fi, then nbn-resolving.org"],
        ["urnkit resolve --follow urn:ietf:rfc:8141", "where the RFC Editor's page is"],
        [
          "urnkit resolve --server http://localhost:8080 --json < urns.txt",
          "your resolver first, one JSON object a line",
        ],
      ]),
    )
    .action(async (urns: string[], options: ResolveOptions, command: Command) => {
      const timeoutMs = parseTimeout(command, "timeout", options.timeout);
      const dbSource = command.getOptionValueSource("db");
      if (options.server !== undefined) {
        // URNKIT_DB in the environment, or the default, gives way to a --server.
        if (dbSource === "cli") command.error("error: give --db or --server, not both");
        options.db = undefined;
      } else if (
        dbSource === "default" &&
        options.db !== undefined &&
        (await isMissingSqliteFile(options.db))
      ) {
        options.db = undefined; // no registry here: the public resolvers only
      }
      if (options.server !== undefined && !/^https?:\/\//i.test(options.server)) {
        command.error("error: --server must be an http:// or https:// URL");
      }
      const connectTo = commandResolverOrigins(ctx.io.env ?? process.env, command);
      const store: Store | null =
        options.db === undefined ? null : (await openRegistry(options.db, command)).store;
      const out = new LineWriter(ctx.io.stdout);
      let code = EXIT_OK;
      let first = true;
      try {
        for await (const item of inputsOf(urns, options, ctx, command)) {
          const r = await resolveOne(item.text, options, store, {
            timeoutMs,
            connectTo,
          });
          if (!r.found) code = EXIT_INVALID;
          if (options.json === true) {
            await out.json(r);
            continue;
          }
          if (!first) await out.line("");
          first = false;
          for (const line of render(r, ctx.colors.out)) await out.line(line);
        }
        await out.flush();
      } finally {
        await store?.close();
      }
      ctx.exit(code);
    });
}

async function resolveOne(
  input: string,
  options: ResolveOptions,
  store: Store | null,
  limits: { timeoutMs: number; connectTo: Map<string, string> | undefined },
): Promise<Resolution> {
  let urn: URN;
  try {
    urn = new URN(input, { syntax: options.syntax });
  } catch (error) {
    const e = error as UrnSyntaxError;
    return {
      input,
      valid: false,
      error: { code: e.code, index: e.index, message: e.message },
      found: false,
      registry: null,
      candidates: [],
    };
  }
  let registry: RegistryAnswer | null = null;
  if (store !== null) registry = await answerFromStore(store, urn);
  else if (options.server !== undefined) {
    registry = await answerFromServer(options.server, urn, limits.timeoutMs);
  }
  const candidates = publicResolvers(urn);
  const r: Resolution = {
    input,
    valid: true,
    found: (registry !== null && registry.outcome !== "not-registered") || candidates.length > 0,
    registry,
    candidates,
  };
  if (options.follow === true) {
    const targets: FollowTarget[] = [];
    if (registry?.location) targets.push({ url: registry.location, kind: "registry" });
    for (const { url, rows } of candidateUrls(candidates)) {
      const kind = rows[0]?.kind;
      if (kind !== undefined && !targets.some((t) => t.url === url)) targets.push({ url, kind });
    }
    r.follow = await followFirst(targets, {
      allowPrivate: options.allowPrivate === true,
      totalTimeoutMs: limits.timeoutMs,
      connectTimeoutMs: Math.min(5000, limits.timeoutMs),
      connectTo: limits.connectTo,
    });
    r.found = r.follow.some((a) => a.ok);
  }
  return r;
}

/** What the registry said, in a few words. */
function registryText(a: RegistryAnswer): string {
  const where = a.location ?? "";
  switch (a.outcome) {
    case "locator":
      return `locator     ${where}`;
    case "delegated":
      return `delegated   ${where}`;
    case "redirect":
      return `${a.status} redirect ${where}`;
    case "successor":
      return `deactivated, succeeded by ${a.successor ?? where}`;
    case "gone":
      return "deactivated, no successor";
    case "reserved":
      return "reserved, not yet in use";
    case "no-locator":
      return "registered, without a locator";
    case "not-registered":
      return "not registered here";
  }
}

function attemptText(a: Attempt, c: Colors): string {
  if (a.ok) {
    const via = a.redirects === 0 ? "" : `, ${a.redirects} redirect${a.redirects === 1 ? "" : "s"}`;
    return `${c.green(`${a.status}`)} ${visible(a.url)} ${c.dim(`(${a.answer}${via}; from ${a.from})`)}`;
  }
  const why = a.error === null ? `answered ${a.status}` : `${a.error.code}: ${a.error.message}`;
  return `${c.red("failed")} ${visible(a.from)} ${c.dim(`(${visible(why)})`)}`;
}

/** A resolution as lines: the input, the registry's answer, the candidates, what --follow found. */
function render(r: Resolution, c: Colors): string[] {
  const lines = [visible(r.input)];
  if (!r.valid) {
    lines.push(
      `  ${c.red("not a URN")}: ${visible(r.error?.message ?? "")} ${c.dim(`(${r.error?.code})`)}`,
    );
    return lines;
  }
  if (r.registry !== null) lines.push(`  registry  ${registryText(r.registry)}`);
  const urls = candidateUrls(r.candidates);
  const width = String(urls.length).length;
  urls.forEach(({ url, rows }, i) => {
    const best = rows[0];
    if (best === undefined) return;
    const status = best.status === "live" ? c.green("live      ") : c.yellow("unverified");
    const sources = rows.map((row) => `${row.name}, ${row.operator}`).join("; ");
    lines.push(
      `  ${String(i + 1).padStart(width)}  ${status}  ${best.kind.padEnd(12)}  ${url}  ${c.dim(`(${sources})`)}`,
    );
  });
  if (urls.length === 0 && r.registry === null) {
    lines.push(`  ${c.red("no resolver known")} for this namespace or prefix`);
  } else if (urls.length === 0 && r.registry?.outcome === "not-registered") {
    lines.push(`  ${c.red("no public resolver known")} for this namespace or prefix`);
  }
  for (const a of r.follow ?? []) lines.push(`  follow    ${attemptText(a, c)}`);
  if (r.follow !== undefined && r.follow.length === 0 && r.registry !== null) {
    lines.push(`  follow    ${c.red("nothing to follow")} (the registry gives no URL)`);
  }
  return lines;
}
