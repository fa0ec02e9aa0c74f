// `urnkit decode`: a URN part back into text (RFC 8141 §2.2), strict UTF-8.

import type { RegisterCommand } from "../context.js";
import { registerCodecCommand } from "./codec-command.js";

export const registerDecode: RegisterCommand = (program, ctx) =>
  registerCodecCommand(program, ctx, {
    name: "decode",
    summary: "decode an NSS (or r-, q-, f-component) into text",
    description:
      "Print the text each URN part spells: %HH sequences decoded as UTF-8. The value must be a " +
      "valid part (checked with the grammar of --syntax), and malformed UTF-8 is an error, never " +
      "a replacement character. With no arguments, reads one value per line from standard input " +
      "(or --input), streaming; failures are reported on standard error.\n\n" +
      "Exit status: 0 all decoded, 1 some could not be, 2 usage or I/O error.",
    argument: "[value...]",
    what: "NSSs (or components) to decode",
    examples: [
      ["urnkit decode 'Stra%C3%9Fe/2024%3Fdraft'", "prints Straße/2024?draft"],
      ["urnkit decode %C3%28", "malformed UTF-8: exit 1 with invalid-utf8"],
    ],
  });
