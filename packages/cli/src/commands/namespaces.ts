// `urnkit namespaces`: the IANA URN namespace registry snapshot (RFC 8141 §7.2) that
// @urnkit/namespaces carries: every entry, or one NID with its class (§5) and known rules.

import { type RegistryEntry, registry, ruleFor } from "@urnkit/namespaces";
import { type Command, Option } from "commander";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { visible } from "../display-text.js";
import { examplesHelp } from "../help-examples.js";
import { nidClassOf } from "../nid-class.js";
import { LineWriter } from "../output.js";
import { similarNids } from "../similar-nids.js";

export function registerNamespaces(program: Command, ctx: Context): void {
  program
    .command("namespaces")
    .summary("list the IANA URN namespace registry, or show one NID")
    .description(
      `List the namespaces of the IANA URN namespace registry (snapshot of ${registry.snapshotDate}): ` +
        "NID, kind (formal or informal), registration date and reference. With a NID (any " +
        "case), show that entry and whether this package knows the namespace's rules; for a " +
        "NID that is not registered, the registered NIDs it is closest to.\n\n" +
        "Exit status: 0 listed or found, 1 the NID is not registered, 2 usage or I/O error.",
    )
    .argument("[nid]", "a NID to show")
    .addOption(new Option("--json", "JSON output: one entry per line when listing"))
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit namespaces", "every registered namespace, one per line"],
        ["urnkit namespaces ISBN", "the isbn entry"],
        ["urnkit namespaces --json | jq -r .nid", "just the NIDs"],
      ]),
    )
    .action(async (nid: string | undefined, options: { json?: boolean }) => {
      const out = new LineWriter(ctx.io.stdout);
      const c = ctx.colors.out;
      if (nid === undefined) {
        for (const entry of registry.entries) {
          if (options.json === true) await out.json(entry);
          else
            await out.line(
              `${entry.nid.padEnd(22)}${entry.kind.padEnd(10)}${(entry.date ?? "").padEnd(12)}${entry.reference}`,
            );
        }
        await out.flush();
        ctx.exit(EXIT_OK);
        return;
      }
      const entry = registry.get(nid);
      if (entry === undefined) {
        // What RFC 8141 §5 says about a NID that is not registered, and which registered ones
        // it may be a typo of.
        const why = nidClassOf(nid);
        // (Informal NIDs are numbers IANA assigns: another number is no correction.)
        const suggestions = why.kind === "informal" ? [] : similarNids(nid);
        if (options.json === true) {
          await out.json({ nid, registered: false, ...why, suggestions });
        } else {
          await out.line(
            `${c.red(`${visible(nid)}: not in the IANA registry of ${registry.snapshotDate}`)}\n  ${why.reason}`,
          );
          if (suggestions.length > 0) await out.line(`  did you mean ${suggestions.join(" or ")}?`);
        }
        await out.flush();
        ctx.exit(EXIT_INVALID);
        return;
      }
      const rules = ruleFor(entry.nid) !== undefined;
      if (options.json === true) {
        await out.json({ ...entry, registered: true, rules });
      } else {
        for (const line of renderEntry(entry, rules)) await out.line(line);
      }
      await out.flush();
      ctx.exit(EXIT_OK);
    });
}

function renderEntry(entry: RegistryEntry, rules: boolean): string[] {
  const lines = [
    `nid         ${entry.nid}`,
    `kind        ${entry.kind}`,
    `registered  ${entry.date ?? "(no date recorded)"}`,
    `reference   ${entry.references.join(", ")}`,
  ];
  if (entry.note !== undefined) lines.push(`note        ${entry.note}`);
  lines.push(
    `rules       ${rules ? "yes: urnkit check applies this namespace's rules" : "none beyond RFC 8141"}`,
  );
  return lines;
}
