// The link checker's options, shared by `urnkit links check` (--contact, …) and `urnkit serve
// --check-links-every` (the same options named --links-contact, …), so that both read, default
// and validate them the same way. Each can also come from its URNKIT_LINKS_* environment
// variable; a flag wins.

import type { LinkCheckerOptions } from "@urnkit/server";
import { type Command, Option } from "commander";
import { parseTimeout } from "./common-options.js";
import { flag } from "./env-flag.js";

/** The options as [name, argument, help, environment variable suffix, default]. */
const OPTIONS: [string, string, string, string, string | undefined][] = [
  [
    "allow-private",
    "",
    "allow checking private, loopback and link-local addresses (an intranet, tests)",
    "ALLOW_PRIVATE",
    undefined,
  ],
  ["concurrency", " <n>", "link checks at once, over all hosts", "CONCURRENCY", "64"],
  ["per-host", " <n>", "link checks at once for one host name", "PER_HOST", "2"],
  [
    "contact",
    " <mailto-or-url>",
    "how site owners reach the operator, sent in the link checker's User-Agent",
    "CONTACT",
    undefined,
  ],
  [
    "demote-after",
    " <n>",
    "failed link checks in a row after which a locator ranks after healthy ones",
    "DEMOTE_AFTER",
    "3",
  ],
  ["timeout", " <seconds>", "give up on a locator's check after this long", "TIMEOUT", "15"],
];

/** The options, their names after `prefix` ("" for `links check`, "links-" for `serve`). */
export function linkCheckOptions(prefix: "" | "links-"): Option[] {
  return OPTIONS.map(([name, arg, help, env, fallback]) => {
    const option = new Option(`--${prefix}${name}${arg}`, help).env(`URNKIT_LINKS_${env}`);
    return fallback === undefined ? option : option.default(fallback);
  });
}

/** commander's attribute name of an option: "links-per-host" → "linksPerHost". */
function attribute(name: string): string {
  return name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** A whole number from `min` to `max`, or a usage error naming the option. */
function whole(command: Command, name: string, text: string, min: number, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) {
    command.error(`error: --${name} must be a whole number from ${min} to ${max}, not "${text}"`);
  }
  return n;
}

/** The checker's options from the command's values; usage errors for values out of range. */
export function checkerOptions(command: Command, prefix: "" | "links-"): LinkCheckerOptions {
  const value = (name: string) => command.getOptionValue(attribute(`${prefix}${name}`));
  const totalMs = parseTimeout(command, `${prefix}timeout`, String(value("timeout")));
  const contact = String(value("contact") ?? "").trim();
  if (/[\r\n()]/.test(contact)) {
    command.error(
      `error: --${prefix}contact must be one line without parentheses (it goes in a header)`,
    );
  }
  return {
    allowPrivate: flag(command, attribute(`${prefix}allow-private`), "URNKIT_LINKS_ALLOW_PRIVATE"),
    concurrency: whole(command, `${prefix}concurrency`, String(value("concurrency")), 1, 1024),
    perHost: whole(command, `${prefix}per-host`, String(value("per-host")), 1, 64),
    contact: contact === "" ? null : contact,
    demoteAfter: whole(command, `${prefix}demote-after`, String(value("demote-after")), 1, 1000),
    totalTimeoutMs: totalMs,
    connectTimeoutMs: Math.min(5000, totalMs),
  };
}
