// `npm run gen:registry`: regenerates src/registry.generated.ts from the IANA snapshots that sit in
// ../shared/data beside the repository. The package never reads them at run time.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { renderRegistryModule } from "./registry-csv.js";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const dataDir = resolve(packageDir, "../../../shared/data");
const target = resolve(packageDir, "src/registry.generated.ts");

const text = renderRegistryModule(
  readFileSync(resolve(dataDir, "iana-urn-namespaces.csv"), "utf8"),
  readFileSync(resolve(dataDir, "iana-urn-ietf-params.csv"), "utf8"),
);
writeFileSync(target, text);
console.log(`wrote ${target}`);
