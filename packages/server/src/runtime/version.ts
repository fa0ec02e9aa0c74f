// The package's version, for the API description and the link checker's User-Agent; read from
// package.json (the same relative path from src/runtime/ and dist/runtime/).

import { createRequire } from "node:module";

export const VERSION = (createRequire(import.meta.url)("../../package.json") as { version: string })
  .version;
