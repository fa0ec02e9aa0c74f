// ListMetadataFormats (OAI-PMH 2.0 §4.4): every format for the repository; for one item, those it
// can be given in (epicur not for a reserved URN, nor for one in use without an active locator:
// formats/epicur.ts); idDoesNotExist for an identifier not registered here.

import { FORMATS } from "./formats/formats.js";
import { disseminates } from "./formats/metadata-format.js";
import type { VerbContext } from "./records.js";
import { recordOf } from "./records.js";
import { element } from "./xml.js";

export async function listMetadataFormats(
  ctx: VerbContext,
  args: ReadonlyMap<string, string>,
): Promise<string> {
  const identifier = args.get("identifier");
  const record = identifier === undefined ? null : await recordOf(ctx.store, identifier);
  let out = "<ListMetadataFormats>";
  for (const f of FORMATS.values())
    if (record === null || disseminates(f, record))
      out += `<metadataFormat>${element("metadataPrefix", f.prefix)}${element(
        "schema",
        f.schema(ctx.base),
      )}${element("metadataNamespace", f.namespace)}</metadataFormat>`;
  return `${out}</ListMetadataFormats>`;
}
