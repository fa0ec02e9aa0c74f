// The packages' declarations compile for a consumer with skipLibCheck off, the declarations of
// the packages they name included: the release check's TypeScript consumer (.ci/consumer),
// type-checked here against the workspace build (`npm run build` first, as `npm test` does), so
// that the suite finds what the release check would. Seen before: a public type reached saxes's
// declarations, which do not compile under TypeScript 6 with skipLibCheck off.

import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { join } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const repo = fileURLToPath(new URL("../../../", import.meta.url));

it("the release check's TypeScript consumer compiles with skipLibCheck off", async () => {
  const tsc = join(repo, "node_modules/typescript/bin/tsc");
  const result = await promisify(execFile)(
    process.execPath,
    [tsc, "-p", join(repo, ".ci/consumer/tsconfig.json")],
    { encoding: "utf8" },
  ).catch((error: { stdout: string; stderr: string }) => error);
  assert.equal(`${result.stdout}${result.stderr}`, "");
});
