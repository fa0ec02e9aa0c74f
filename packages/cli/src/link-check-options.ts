// The link checker's options, shared by `urnkit links check` and `urnkit serve
// --check-links-every`, so that both read, default and validate them the same way. Each can also
// come from its URNKIT_LINKS_* environment variable; a flag wins.

import type { LinkCheckerOptions } from "@urnkit/server";
import { type Command, Option } from "commander";

export interface LinkCheckFlags {
  allowPrivate?: boolean;
  concurrency: string;
  perHost: string;
  contact?: string;
  demoteAfter: string;
  timeout: string;
}

export function linkCheckOptions(): Option[] {
  return [
    new Option(
      "--allow-private",
      "allow checking private, loopback and link-local addresses (an intranet, tests)",
    ).env("URNKIT_LINKS_ALLOW_PRIVATE"),
    new Option("--concurrency <n>", "checks at once, over all hosts")
      .env("URNKIT_LINKS_CONCURRENCY")
      .default("16"),
    new Option("--per-host <n>", "checks at once for one host name")
      .env("URNKIT_LINKS_PER_HOST")
      .default("2"),
    new Option(
      "--contact <mailto-or-url>",
      "how site owners reach the operator, sent in the User-Agent",
    ).env("URNKIT_LINKS_CONTACT"),
    new Option(
      "--demote-after <n>",
      "failed checks in a row after which a locator ranks after healthy ones",
    )
      .env("URNKIT_LINKS_DEMOTE_AFTER")
      .default("3"),
    new Option("--timeout <seconds>", "give up on a locator after this long")
      .env("URNKIT_LINKS_TIMEOUT")
      .default("15"),
  ];
}

/** A whole number from `min` to `max`, or a usage error naming the option. */
function whole(command: Command, name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    command.error(`error: ${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return n;
}

/** The checker's options from the flags; usage errors for values out of range. */
export function checkerOptions(flags: LinkCheckFlags, command: Command): LinkCheckerOptions {
  const seconds = Number(flags.timeout);
  if (!(seconds > 0 && seconds <= 600)) {
    command.error("error: --timeout must be a number of seconds, above 0 and at most 600");
  }
  const contact = flags.contact?.trim() ?? "";
  if (/[\r\n()]/.test(contact)) {
    command.error("error: --contact must be one line without parentheses (it goes in a header)");
  }
  return {
    allowPrivate: flags.allowPrivate === true,
    concurrency: whole(command, "--concurrency", flags.concurrency, 1, 1024),
    perHost: whole(command, "--per-host", flags.perHost, 1, 64),
    contact: contact === "" ? null : contact,
    demoteAfter: whole(command, "--demote-after", flags.demoteAfter, 1, 1000),
    totalTimeoutMs: Math.round(seconds * 1000),
    connectTimeoutMs: Math.min(5000, Math.round(seconds * 1000)),
  };
}
