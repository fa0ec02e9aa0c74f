// `urnkit encode`: text into the canonical spelling of a URN part (RFC 8141 §2.2, RFC 3986 §2.1).

import type { RegisterCommand } from "../context.js";
import { registerCodecCommand } from "./codec-command.js";

export const registerEncode: RegisterCommand = (program, ctx) =>
  registerCodecCommand(program, ctx, {
    name: "encode",
    summary: "percent-encode text as an NSS (or r-, q-, f-component)",
    description:
      "Print each text as the canonical spelling of a URN part: UTF-8, every octet the part " +
      'cannot hold literally as %HH with uppercase hex ("%", "?", "#" and a leading "/" in an ' +
      "NSS), nothing else encoded. With no arguments, reads one text per line from standard " +
      "input (or --input), streaming. Text that has no spelling as the part (empty text for an " +
      "NSS, an unpaired surrogate) is reported on standard error.\n\n" +
      "Exit status: 0 all encoded, 1 some could not be, 2 usage or I/O error.",
    argument: "[text...]",
    what: "texts to encode",
    examples: [
      ["urnkit encode 'Straße/2024?draft'", "prints Stra%C3%9Fe/2024%3Fdraft"],
      ["urnkit encode --syntax rfc2141 'a/b~c'", "RFC 2141 NSS: prints a%2Fb%7Ec"],
      ["urnkit encode --part q 'lat=39.56&lon=-104.85'", "a q-component"],
    ],
  });
