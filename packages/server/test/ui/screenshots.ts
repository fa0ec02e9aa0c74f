// The screenshots the READMEs show. browser.test.ts makes them: every page it captures goes to
// test-output/ui/, and with URNKIT_WRITE_SCREENSHOTS=1 the ones named here are also written to
// docs/screenshots/ (the visible part of the window, to keep the files small), so the pictures
// stay those of the pages as they are. screenshots.test.ts checks that the READMEs name exactly
// these files and that docs/screenshots/ holds exactly them.

import { readdirSync, readFileSync } from "node:fs";

/** `${capture name}-${width}`, as browser.test.ts names its captures; the file is ui-<this>.png. */
export const DOCUMENTED_SCREENSHOTS: readonly string[] = [
  "home-desktop",
  "record-desktop",
  "search-desktop",
  "stats-days-desktop",
  "prefixes-desktop",
  "admin-desktop",
  "inspect-error-desktop",
  "inspect-lookalike-desktop",
  "inspect-isbn-desktop",
  "tombstone-desktop",
  "registrar-desktop",
  "manage-desktop",
  "home-phone",
  "inspect-error-phone",
  "record-phone",
];

export const SCREENSHOTS_DIR = new URL("../../../../docs/screenshots/", import.meta.url);

/** The documents that show screenshots, from the repository's root. */
export const DOCUMENTS = ["README.md", "packages/server/UI.md"] as const;

export const WRITE_SCREENSHOTS = process.env.URNKIT_WRITE_SCREENSHOTS === "1";

/** The file of a documented screenshot. */
export function screenshotFile(shot: string): URL {
  return new URL(`ui-${shot}.png`, SCREENSHOTS_DIR);
}

/** The screenshots a document's images name (docs/screenshots/ui-<shot>.png), in order. */
export function screenshotsNamedIn(markdown: string): string[] {
  return [...markdown.matchAll(/!\[[^\]]*\]\([^)]*docs\/screenshots\/ui-([\w-]+)\.png\)/g)].map(
    (m) => m[1] as string,
  );
}

/** Every screenshot the documents name. */
export function documentedInReadmes(): Set<string> {
  const root = new URL("../../../../", import.meta.url);
  return new Set(
    DOCUMENTS.flatMap((doc) => screenshotsNamedIn(readFileSync(new URL(doc, root), "utf8"))),
  );
}

/** The screenshots in docs/screenshots/. */
export function screenshotFiles(): Set<string> {
  return new Set(
    readdirSync(SCREENSHOTS_DIR)
      .map((f) => /^ui-([\w-]+)\.png$/.exec(f)?.[1] ?? `(not a screenshot: ${f})`)
      .sort(),
  );
}
