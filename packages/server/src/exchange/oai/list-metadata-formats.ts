// ListMetadataFormats (OAI-PMH 2.0 §4.4): every format, for the repository or for one item (each
// record is available in all of them); idDoesNotExist for an identifier not registered here.

import { FORMATS } from "./formats/formats.js";
import type { VerbContext } from "./records.js";
import { recordOf } from "./records.js";
import { element } from "./xml.js";

export async function listMetadataFormats(
  ctx: VerbContext,
  args: ReadonlyMap<string, string>,
): Promise<string> {
  const identifier = args.get("identifier");
  if (identifier !== undefined) await recordOf(ctx.store, identifier);
  let out = "<ListMetadataFormats>";
  for (const f of FORMATS.values())
    out += `<metadataFormat>${element("metadataPrefix", f.prefix)}${element(
      "schema",
      f.schema(ctx.base),
    )}${element("metadataNamespace", f.namespace)}</metadataFormat>`;
  return `${out}</ListMetadataFormats>`;
}
