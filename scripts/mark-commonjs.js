// Before `tsc -b`: marks the CommonJS builds of @urnkit/core and @urnkit/namespaces (dist/cjs) as
// CommonJS. Their packages say "type": "module", which would make Node read dist/cjs/*.js as ES
// modules; a package.json in the folder itself says otherwise for that folder. It must be there
// before the build, not after: the CommonJS build of namespaces reads core's dist/cjs
// declarations, which TypeScript takes for ES modules (and cannot require) without it.

import { mkdirSync, writeFileSync } from "node:fs";

for (const name of ["core", "namespaces"]) {
  const dir = new URL(`../packages/${name}/dist/cjs/`, import.meta.url);
  mkdirSync(dir, { recursive: true });
  writeFileSync(new URL("package.json", dir), '{\n  "type": "commonjs"\n}\n');
}
