// The READMEs' screenshots are the browser test's: each image they name is one that test makes
// (and writes to docs/screenshots/ with URNKIT_WRITE_SCREENSHOTS=1), and the folder holds no
// picture of a page nobody shows any more. Runs without a browser; browser.test.ts checks that it
// captures every one of them.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  DOCUMENTED_SCREENSHOTS,
  documentedInReadmes,
  screenshotFiles,
  screenshotsNamedIn,
} from "./screenshots.js";

const sorted = (names: Iterable<string>) => [...names].sort();

describe("the READMEs' screenshots", () => {
  it("the READMEs name exactly the screenshots the browser test writes", () => {
    assert.deepEqual(sorted(documentedInReadmes()), sorted(DOCUMENTED_SCREENSHOTS));
  });

  it("docs/screenshots/ holds exactly those files", () => {
    assert.deepEqual(sorted(screenshotFiles()), sorted(DOCUMENTED_SCREENSHOTS));
  });

  it("the home page, a record, search, statistics, prefixes and administration, and a phone", () => {
    const desktop = ["home", "record", "search", "stats-days", "prefixes", "admin"];
    for (const shot of [...desktop.map((page) => `${page}-desktop`), "record-phone"])
      assert.ok(DOCUMENTED_SCREENSHOTS.includes(shot), shot);
  });

  it("reads an image's file name from its Markdown, wherever the document sits", () => {
    const markdown = [
      "| ![Home](docs/screenshots/ui-home-desktop.png) | text |",
      "![Record on a phone](../../docs/screenshots/ui-record-phone.png)",
      "[a link, not an image](docs/screenshots/ui-search-desktop.png)",
      "![elsewhere](docs/other/ui-admin-desktop.png)",
    ].join("\n");
    assert.deepEqual(screenshotsNamedIn(markdown), ["home-desktop", "record-phone"]);
  });
});
