// `npm run gen:public-resolvers`: checks data/public-resolvers.json and regenerates from it
// src/public-resolvers.generated.ts and the table of rows in README.md. The package serves the
// generated module; nothing reads the JSON at run time.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  readPublicResolverData,
  renderPublicResolverModule,
  spliceReadmeTable,
} from "./public-resolvers-data.js";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const data = readPublicResolverData(
  readFileSync(resolve(packageDir, "data/public-resolvers.json"), "utf8"),
);
const module = resolve(packageDir, "src/public-resolvers.generated.ts");
writeFileSync(module, renderPublicResolverModule(data));
console.log(`wrote ${module}`);
const readme = resolve(packageDir, "README.md");
writeFileSync(readme, spliceReadmeTable(readFileSync(readme, "utf8"), data));
console.log(`updated the table in ${readme}`);
