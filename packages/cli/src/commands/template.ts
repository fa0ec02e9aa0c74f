// `urnkit template`: URN namespace registration templates (RFC 8141 Appendix A, §6.4). `check`
// reports what a template lacks or gets wrong; `new` prints a skeleton to fill in.

import { readFile } from "node:fs/promises";
import {
  checkNewFormalNid,
  checkTemplate,
  parseTemplate,
  type RegistrationTemplate,
  renderTemplate,
} from "@urnkit/namespaces";
import { type Command, Option } from "commander";
import { type Context, EXIT_INVALID, EXIT_OK } from "../context.js";
import { examplesHelp } from "../help-examples.js";
import { namingFile } from "../input-lines.js";
import { issueLine } from "../issue-text.js";
import { nidClassOf } from "../nid-class.js";
import { LineWriter } from "../output.js";

export function registerTemplate(program: Command, ctx: Context): void {
  const template = program
    .command("template")
    .summary("check or start a URN namespace registration template")
    .description(
      "Registration templates of RFC 8141 Appendix A: `check` a filled-in template, or print a " +
        "`new` skeleton for a NID.\n\n" +
        "Exit status: 0 done, 1 the template or NID breaks a rule, 2 usage or I/O error.",
    )
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit template new --nid acmeparts > acmeparts.txt", "start a registration"],
        ["urnkit template check acmeparts.txt", "what it still lacks or gets wrong"],
      ]),
    );

  template
    .command("check")
    .summary("check a registration template")
    .description(
      "Check a registration template (RFC 8141 Appendix A): every required field present, " +
        "Interoperability and Resolution specified (§6.4.5, §6.4.6), Version an integer of 1 or " +
        "more, Date a real YYYY-MM-DD date, Revision Information when Version is above 1, and " +
        "the NID rules of §5.1 (formal) or §5.2 (informal).\n\n" +
        "Exit status: 0 no errors, 1 errors found, 2 usage or I/O error.",
    )
    .argument("<file>", 'the template as text ("-": standard input)')
    .addOption(new Option("--json", "print {file, ok, issues} as one JSON object"))
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit template check my-namespace.txt", "lists each problem with its rule"],
      ]),
    )
    .action(async (file: string, options: { json?: boolean }) => {
      const text =
        file === "-"
          ? await readAll(ctx.io.stdin)
          : await readFile(file, "utf8").catch((error: unknown) => {
              throw namingFile(error, file);
            });
      const issues = checkTemplate(parseTemplate(text));
      const ok = !issues.some((i) => i.severity === "error");
      const out = new LineWriter(ctx.io.stdout);
      if (options.json === true) {
        await out.json({ file, ok, issues });
      } else {
        for (const issue of issues)
          await out.line(issueLine(issue, ctx.colors.out, SEVERITY_WIDTH));
        const c = ctx.colors.out;
        await out.line(ok ? c.green(`${file}: ok`) : c.red(`${file}: not ok`));
      }
      await out.flush();
      ctx.exit(ok ? EXIT_OK : EXIT_INVALID);
    });

  template
    .command("new")
    .summary("print a registration template skeleton")
    .description(
      "Print a registration template skeleton (RFC 8141 Appendix A) for a formal NID, or with " +
        "--informal for an informal namespace (IANA assigns its NID, urn-<number>, §5.2). " +
        "A formal NID must meet RFC 8141 §5.1; if it does not, the rules it breaks are printed " +
        "on standard error instead.\n\n" +
        "Exit status: 0 printed, 1 the NID cannot be requested, 2 usage error.",
    )
    .addOption(new Option("--nid <nid>", "the NID to request (formal namespaces)"))
    .addOption(new Option("--informal", "an informal namespace: IANA assigns the NID"))
    .addHelpText(
      "after",
      examplesHelp([
        ["urnkit template new --nid acmeparts > acmeparts.txt", "a formal registration to fill in"],
        ["urnkit template new --informal", "an informal one"],
      ]),
    )
    .action(async (options: { nid?: string; informal?: boolean }, command: Command) => {
      const informal = options.informal === true;
      if (!informal && options.nid === undefined) {
        command.error("error: give --nid <nid>, or --informal for an informal namespace");
      }
      const out = new LineWriter(ctx.io.stdout);
      const nid = options.nid;
      if (informal && nid !== undefined && nidClassOf(nid).kind !== "informal") {
        command.error(`error: ${nid} is not an informal NID ("urn-" and a number, RFC 8141 §5.2)`);
      }
      if (!informal && nid !== undefined) {
        const issues = checkNewFormalNid(nid);
        if (issues.length > 0) {
          const err = new LineWriter(ctx.io.stderr);
          for (const issue of issues)
            await err.line(issueLine(issue, ctx.colors.err, SEVERITY_WIDTH));
          await err.flush();
          ctx.exit(EXIT_INVALID);
          return;
        }
      }
      await out.line(renderTemplate(skeleton(nid, informal)).trimEnd());
      await out.flush();
      ctx.exit(EXIT_OK);
    });
}

/** Wide enough for "warning" and two spaces. */
const SEVERITY_WIDTH = 9;

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer | string));
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Appendix A with today's date and, for each field, what §6.4 asks it to say. An informal NID
 * given by number is one IANA assigned already (§5.2: the registrant never designates it), so its
 * skeleton is a revision: Version 2 with Revision Information to fill in.
 */
function skeleton(nid: string | undefined, informal: boolean): RegistrationTemplate {
  const revision = informal && nid !== undefined;
  return {
    namespaceId: informal ? (nid ?? "assigned by IANA (informal namespace)") : nid,
    version: revision ? "2" : "1",
    ...(revision
      ? {
          revisionInformation:
            "<what this version changes from the one registered (RFC 8141 Appendix A)>",
        }
      : {}),
    date: new Date().toISOString().slice(0, 10),
    registrant:
      "<name and address of the registering organization; name and email, phone or postal\n" +
      "address of the contact person; say so if you are a standards body asking for the\n" +
      "fast track of RFC 8141 §6.3>",
    purpose:
      "<what the URNs identify, the community using them, how they benefit it, how the\n" +
      "namespace relates to other namespaces and identifier systems, resolution services\n" +
      "(RFC 8141 §6.4.1)>",
    syntax:
      "<the structure of the NSS (ABNF, an algorithm or a regular expression), special\n" +
      "encoding rules, URN-equivalence rules, and any meaning of q- and f-components\n" +
      "(RFC 8141 §6.4.2)>",
    assignment: "<who assigns URNs and how uniqueness is ensured (RFC 8141 §6.4.3)>",
    securityAndPrivacy:
      "<security and privacy issues of assigning and using the URNs (RFC 8141 §6.4.4)>",
    interoperability:
      "<known interoperability issues; this section MUST be present (RFC 8141 §6.4.5)>",
    resolution: "<whether resolution is intended, and by whom; MUST be present (RFC 8141 §6.4.6)>",
    documentation: "<a pointer to an RFC or another stable specification>",
    additionalInformation:
      "<optional: comparisons with namespaces that might seem to overlap (RFC 8141 §6.4.7)>",
  };
}
