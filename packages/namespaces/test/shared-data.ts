// Where the tests find the data the repository keeps: the IANA snapshots the registry module is
// generated from (data/), the namespace test vectors and the example templates.

import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export const snapshotsDir = resolve(here, "../data");
export const vectorsDir = resolve(here, "vectors");
export const templatesDir = resolve(here, "../templates");
