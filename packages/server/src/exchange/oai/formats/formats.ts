// The metadata formats this provider disseminates, by metadataPrefix.

import { epicur } from "./epicur.js";
import type { MetadataFormat } from "./metadata-format.js";
import { oaiDc } from "./oai-dc.js";
import { urnkit } from "./urnkit.js";

export const FORMATS: ReadonlyMap<string, MetadataFormat> = new Map(
  [oaiDc, epicur, urnkit].map((f) => [f.prefix, f]),
);
