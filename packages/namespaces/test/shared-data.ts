// Locates the project's shared data beside the repository (../shared/data), which CI provides and
// a plain clone may lack; tests that need it skip with this message when it is absent.

import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export const sharedDataDir = resolve(here, "../../../../shared/data");
export const hasSharedData = existsSync(sharedDataDir);
export const skipWithoutShared = hasSharedData
  ? false
  : "../shared/data is not beside the repository: cannot compare with the source snapshot";
export const vectorsDir = resolve(here, "vectors");
export const templatesDir = resolve(here, "../templates");
