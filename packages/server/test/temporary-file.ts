// A SQLite database file of a test's own: `work` is given its path in a new temporary directory,
// and the directory is removed afterwards, however `work` ended (SQLite's onTestDatabase).

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export async function inTemporaryDirectory(work: (file: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "urnkit-test-"));
  try {
    await work(join(dir, "registry.db"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
