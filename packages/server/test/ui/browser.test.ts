// The web UI in a real browser: Debian's chromium driven by playwright-core against a server on
// a free loopback port. Resolve, inspect a bad URN and see the error underlined, sign in, mint,
// reorder locators, deactivate and see the tombstone; every page at phone and desktop width is
// screenshotted into test-output/ui/ and checked with axe-core against WCAG 2 A and AA rules.
// With URNKIT_WRITE_SCREENSHOTS=1 it also writes the READMEs' screenshots (screenshots.ts).
// Skips, saying why, when chromium is not installed (.ci/chromium.sh installs it).

import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe } from "node:test";
import type { FastifyInstance } from "fastify";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { seedExample } from "../../src/registry/seed.js";
import { issueToken } from "../../src/registry/tokens.js";
import { buildServer } from "../../src/server.js";
import type { LinkCheck } from "../../src/storage/links.js";
import { type EngineHandle, sqlite } from "../engines.js";
import { skippedWhen } from "../skipped-when.js";
import { DOCUMENTED_SCREENSHOTS, screenshotFile, WRITE_SCREENSHOTS } from "./screenshots.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** The seed's best locator of urn:example:report-2024. */
const REPORT_2024 = "https://www.example.org/reports/2024.pdf";
const OUT = new URL("../../../../test-output/ui/", import.meta.url);
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const WIDTHS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
} as const;

const missing = existsSync(CHROMIUM)
  ? false
  : `chromium is not installed at ${CHROMIUM}: run .ci/chromium.sh (apt-get install -y chromium) to run the browser test`;
if (missing) process.stderr.write(`browser.test.ts skipped: ${missing}\n`);

const AXE_OPTIONS = {
  runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
};

interface AxeResult {
  violations: { id: string; help: string; nodes: { target: string[] }[] }[];
}

/** A day `back` days before today (UTC). */
function daysAgo(back: number): string {
  return new Date(Date.now() - back * 86400000).toISOString().slice(0, 10);
}

/**
 * Resolutions on two days of the last 30 (every outcome, crawlers too) and of the report's URN
 * on three, so that the statistics page and the record page draw bars and collapse empty days.
 */
async function seedStatistics(h: EngineHandle) {
  const bucket = { nid: "example", prefix: "", organisation: "" };
  const outcomes = ["redirect", "uri-list", "metadata", "not-found", "gone", "delegated"] as const;
  await h.store.stats.add(
    [10, 3].flatMap((back, i) =>
      outcomes.flatMap((outcome, k) => [
        { ...bucket, day: daysAgo(back), outcome, bot: false, count: 2 + k + i * 3 },
        { ...bucket, day: daysAgo(back), outcome, bot: true, count: 1 + i },
      ]),
    ),
    [],
  );
  const record = (await h.store.records.resolve("urn:example:report-2024"))?.id as number;
  await h.store.stats.addUrns(
    [12, 5, 0].map((back, i) => ({
      ...bucket,
      day: daysAgo(back),
      record,
      count: 3 + 2 * i,
      bots: i,
    })),
  );
}

describe("web UI in chromium", () => {
  const { it, before, after } = skippedWhen(missing);
  let h: EngineHandle;
  let app: FastifyInstance;
  let base: string;
  let admin: string;
  /** A server-wide administrator's token, for the administration pages. */
  let administrator: string;
  let browser: Browser;
  /** Every capture made, as `${name}-${width}`. */
  const captured = new Set<string>();
  const contexts: Partial<Record<keyof typeof WIDTHS, BrowserContext>> = {};

  before(async () => {
    mkdirSync(OUT, { recursive: true });
    h = await sqlite.open();
    await seedExample(h.store);
    // One locator answering and one failing, so that /stats shows its broken-links chart.
    const others = (await h.store.links.report({ status: "all", limit: 100 })).filter(
      (r) => r.url !== REPORT_2024,
    );
    assert.ok(others.length >= 2, "the seed has locators besides the report's best one");
    const checked = "2026-11-20T10:00:00.000Z";
    const ok: LinkCheck = {
      checked,
      outcome: "ok",
      status: 200,
      finalUrl: null,
      latencyMs: 5,
      message: null,
    };
    await h.store.links.recordCheck((others[0] as { id: number }).id, ok, 3);
    await h.store.links.recordCheck(
      (others[1] as { id: number }).id,
      { ...ok, outcome: "client-error", status: 404, message: "HTTP 404" },
      3,
    );
    admin = (
      await issueToken(h.store, { role: "registrar", namespace: "example" }, { tokenId: null })
    ).token;
    administrator = (await issueToken(h.store, { role: "admin" }, { tokenId: null })).token;
    await seedStatistics(h);
    app = await buildServer({ store: h.store });
    await app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const { chromium } = await import("playwright-core");
    // launch() gives the browser a fresh temporary profile (its own --user-data-dir) each time.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: FLAGS, headless: true });
    for (const name of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[])
      contexts[name] = await newContext(name);
  });

  /** A browser context (its own cookies) at this width. */
  async function newContext(width: keyof typeof WIDTHS): Promise<BrowserContext> {
    // bypassCSP lets the test inject axe-core; the pages themselves keep their CSP.
    const context = await browser.newContext({ ...WIDTHS[width], bypassCSP: true });
    // Locators in the example data point at example.org: answer them here, never go out.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) =>
      route.fulfill({
        status: 200,
        contentType: "text/plain",
        body: `stand-in for ${route.request().url()}`,
      }),
    );
    return context;
  }

  /** A page of a new context at `width`, signed in with `token` by the sign-in form's button. */
  async function signedInPage(width: keyof typeof WIDTHS, token: string) {
    const context = await newContext(width);
    const page = await context.newPage();
    await page.goto(`${base}/sign-in`);
    await page.getByLabel("API token").fill(token);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base}/registrar`);
    return { context, page };
  }

  after(async () => {
    await browser?.close();
    await app?.close();
    await h?.close();
  });

  const desktop = () => contexts.desktop as BrowserContext;

  /**
   * `act` makes the page navigate to `url`. The request is what counts: it is answered by the
   * context's stand-in route, but Chromium may already have failed to look the name up.
   */
  async function followsTo(page: Page, act: () => Promise<void>, url: string) {
    const request = page.waitForRequest((r) => r.url() === url && r.isNavigationRequest());
    await act();
    await request;
  }

  /** axe-core's WCAG 2 A/AA rules on the page as it is now; fails on any violation. */
  async function checkA11y(page: Page, name: string) {
    await page.addScriptTag({ content: AXE });
    // Page-side code is passed as text: the tests compile without the DOM library.
    const result = (await page.evaluate(`axe.run(${JSON.stringify(AXE_OPTIONS)})`)) as AxeResult;
    const found = result.violations.map(
      (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
    );
    assert.deepEqual(found, [], `axe on ${name}`);
  }

  /** Screenshot at this page's width, then the axe check and a reflow check (WCAG 1.4.10). */
  async function capture(page: Page, name: string, width: keyof typeof WIDTHS) {
    const shot = `${name}-${width}`;
    await page.screenshot({ path: new URL(`${shot}.png`, OUT).pathname, fullPage: true });
    captured.add(shot);
    // The READMEs show the top of the page, the window's size.
    if (WRITE_SCREENSHOTS && DOCUMENTED_SCREENSHOTS.includes(shot))
      await page.screenshot({ path: screenshotFile(shot).pathname });
    const overflow = (await page.evaluate(
      "document.documentElement.scrollWidth - document.documentElement.clientWidth",
    )) as number;
    assert.ok(overflow <= 0, `${name} scrolls sideways at ${width} width by ${overflow}px`);
    await checkA11y(page, `${name} (${width})`);
  }

  it("resolves a URN from the home page box", async () => {
    const page = await desktop().newPage();
    await page.goto(`${base}/`);
    await page.getByLabel("URN", { exact: true }).fill("urn:example:report-2024");
    await followsTo(page, () => page.getByRole("button", { name: "Resolve" }).click(), REPORT_2024);
    await page.close();
  });

  it("is usable from the keyboard: skip link first, focus visible", async () => {
    // Its own context: the resolution redirect the test above cached would bypass routing.
    const context = await newContext("desktop");
    const page = await context.newPage();
    await page.goto(`${base}/`);
    await page.keyboard.press("Tab");
    assert.equal(await page.locator(":focus").textContent(), "Skip to content");
    const outline = await page.evaluate("getComputedStyle(document.activeElement).outlineStyle");
    assert.equal(outline, "solid");
    await page.keyboard.press("Enter");
    assert.equal(await page.evaluate("document.activeElement.id"), "main");
    // From there, Tab reaches the URN box; Enter submits it with its first button, Resolve.
    for (let i = 0; i < 10 && (await page.evaluate("document.activeElement.id")) !== "urn"; i++)
      await page.keyboard.press("Tab");
    assert.equal(await page.evaluate("document.activeElement.id"), "urn");
    await page.keyboard.type("urn:example:report-2024");
    await followsTo(page, () => page.keyboard.press("Enter"), REPORT_2024);
    await context.close();
  });

  it("inspects a bad URN and underlines the error", async () => {
    const page = await desktop().newPage();
    await page.goto(`${base}/`);
    await page.getByLabel("URN", { exact: true }).fill("urn:example:a%2x");
    await page.getByRole("button", { name: "Inspect" }).click();
    await page.waitForURL(/\/inspect\?urn=/);
    const mark = page.locator("mark.error-at");
    assert.equal(await mark.isVisible(), true);
    assert.equal(String(await mark.textContent()).endsWith("%"), true);
    const style = await page.evaluate(
      "getComputedStyle(document.querySelector('mark.error-at')).textDecorationLine",
    );
    assert.match(String(style), /underline/);
    assert.match(String(await page.locator(".error-box").textContent()), /two hex digits/);
    await page.close();
  });

  it("signs in, mints, reorders locators, deactivates and shows the tombstone", async () => {
    // Its own cookies: the public pages below are captured signed out.
    const context = await newContext("desktop");
    const page = await context.newPage();
    page.on("dialog", (d) => d.accept());
    await page.goto(`${base}/sign-in`);
    await page.getByLabel("API token").fill(admin);
    await page.keyboard.press("Enter");
    await page.waitForURL(`${base}/registrar`);
    assert.ok(!page.url().includes(admin));
    await capture(page, "registrar", "desktop");

    await page
      .getByLabel("Locator URL (optional)")
      .first()
      .fill("https://www.example.org/minted/a");
    await page.getByRole("button", { name: "Mint" }).click();
    await page.waitForURL(/\/registrar\/record\/urn:example:doc-/);
    const urn = decodeURIComponent(page.url().slice(`${base}/registrar/record/`.length));
    assert.match(String(await page.locator(".flash").textContent()), new RegExp(`Minted ${urn}`));

    // Add a second locator in the empty row, move it up with the script's button, save.
    await page.locator("#loc-url-1").fill("https://www.example.org/minted/b");
    await page.getByRole("button", { name: "Move up" }).nth(1).click();
    await capture(page, "manage", "desktop");
    await page.getByRole("button", { name: "Save locators" }).click();
    await page.waitForURL(/\/registrar\/record\//);
    const resolved = await page.request.get(`${base}/${urn}`, { maxRedirects: 0 });
    assert.equal(resolved.status(), 303);
    assert.equal(resolved.headers().location, "https://www.example.org/minted/b");

    await page.getByLabel("Reason").fill("minted by the browser test");
    await page.getByRole("button", { name: "Deactivate" }).click();
    await page.waitForURL(/\/registrar\/record\//);
    assert.match(String(await page.locator(".status-line").textContent()), /deactivated/);

    const tomb = await page.goto(`${base}/${urn}`);
    assert.equal(tomb?.status(), 410);
    assert.match(
      String(await page.locator(".tombstone").textContent()),
      /minted by the browser test/,
    );
    await capture(page, "tombstone", "desktop");
    await context.close();
  });

  it("filters the namespace table as you type", async () => {
    const page = await desktop().newPage();
    await page.goto(`${base}/namespaces`);
    await page.getByLabel("Search by NID or reference").fill("isbn");
    const visible = await page.locator("#ns-table tbody tr:not([hidden])").count();
    assert.ok(visible >= 1 && visible < 5, `${visible} rows for "isbn"`);
    assert.match(String(await page.locator("#ns-count").textContent()), /^\d+ of \d+ shown$/);
    await page.close();
  });

  const pages: [string, string][] = [
    ["home", "/"],
    ["inspect-error", `/inspect?urn=${encodeURIComponent("urn:example:a%2x")}`],
    ["inspect-lookalike", `/inspect?urn=${encodeURIComponent("urn:example:%D0%B0123,z456")}`],
    ["inspect-isbn", `/inspect?urn=${encodeURIComponent("urn:isbn:978-0-306-40615-6")}`],
    ["record", "/record/urn:example:report-2024"],
    ["record-deactivated", "/record/urn:example:report-2019"],
    ["tombstone-seed", "/urn:example:draft-7"],
    ["namespaces", "/namespaces"],
    ["search", "/search?q=report"],
    ["search-refused", "/search?q=%21%21"],
    ["namespace", "/namespaces/example"],
    ["stats", "/stats"],
    ["sign-in", "/sign-in"],
    ["unknown-urn", "/urn:example:nobody"],
    // Links to public resolvers, never followed.
    ["unknown-urn-elsewhere", "/urn:nbn:fi:tkk-004781"],
    ["inspect-elsewhere", `/inspect?urn=${encodeURIComponent("urn:nbn:fi:tkk-004781")}`],
    ["reserved-urn", "/urn:example:report-2025"],
    ["malformed-urn", "/urn:example:a?b"],
    ["unknown-path", "/no/such/page"],
  ];
  for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
    it(`every public page at ${width} width: screenshot, no sideways scroll, axe clean`, async () => {
      const page = await (contexts[width] as BrowserContext).newPage();
      for (const [name, path] of pages) {
        await page.goto(`${base}${path}`);
        await capture(page, name, width);
      }
      await page.close();
    });
  }

  it("the statistics page: labels by their fields, numbers under their headings, readable axes", async () => {
    for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
      const page = await (contexts[width] as BrowserContext).newPage();
      await page.goto(`${base}/stats`);
      // Each label directly above its own field (the By select never on a line of its own).
      for (const id of ["from", "to", "granularity"]) {
        const label = await page.locator(`label[for="${id}"]`).boundingBox();
        const field = await page.locator(`#${id}`).boundingBox();
        assert.ok(label && field, id);
        assert.ok(Math.abs(label.x - field.x) < 2, `${id} label above its field (${width})`);
        const between = field.y - (label.y + label.height);
        assert.ok(between >= 0 && between < 12, `${id} label ${between}px above its field`);
      }
      if (width === "desktop") {
        const tops = await Promise.all(
          ["#from", "#to", "#granularity"].map(
            async (f) => (await page.locator(f).boundingBox())?.y,
          ),
        );
        assert.equal(new Set(tops).size, 1, "the fields on one line");
      }
      // Every number column: the heading and its numbers end at the same edge.
      for (const table of ["resolutions", "assignments"]) {
        const columns = await page.locator(`#${table}-table thead th`).count();
        for (let c = 2; c <= columns; c++) {
          const heading = await page.locator(`#${table}-table thead th:nth-child(${c})`);
          const cell = page.locator(`#${table}-table tbody tr:not(.empty-run)`).first();
          const number = cell.locator(`td:nth-child(${c})`);
          const align = async (l: typeof heading) =>
            l.evaluate(
              (e) =>
                (
                  globalThis as unknown as { getComputedStyle(e: unknown): { textAlign: string } }
                ).getComputedStyle(e).textAlign,
            );
          assert.equal(await align(heading), "right", `${table} heading ${c}`);
          assert.equal(await align(number), "right", `${table} column ${c}`);
        }
      }
      // 30 days with counts on three (two seeded, and today's by the tests): the empty runs
      // are one row each, saying so.
      const rows = await page.locator("#resolutions-table tbody tr").count();
      assert.ok(rows <= 6, `${rows} rows for three days with counts`);
      assert.match(
        String(await page.locator("#resolutions-table tr.empty-run").first().textContent()),
        /Nothing counted in these \d+ days/,
      );
      // The scale and the periods at text size, not shrunk with the drawing.
      for (const axis of [".axis-y span", ".axis-x span"]) {
        const size = (await page
          .locator(axis)
          .first()
          .evaluate(
            (e) =>
              (
                globalThis as unknown as { getComputedStyle(e: unknown): { fontSize: string } }
              ).getComputedStyle(e).fontSize,
          )) as string;
        assert.ok(Number.parseFloat(size) >= 12, `${axis} at ${size} (${width})`);
      }
      // Crawlers striped, delegated in a colour of its own: no two legend entries alike.
      const fills = await page
        .locator("figure.chart")
        .first()
        .locator(".legend rect")
        .evaluateAll((rects) =>
          rects.map((r) =>
            (r as unknown as { getAttribute(n: string): string }).getAttribute("fill"),
          ),
        );
      assert.equal(new Set(fills).size, fills.length, `legend fills ${fills.join(" ")}`);
      assert.ok(
        fills.some((f) => String(f).startsWith("url(#")),
        "the crawlers' stripes",
      );
      await capture(page, "stats-days", width);
      await page.goto(`${base}/stats?granularity=month`);
      assert.match(
        String(await page.locator("main > p").first().textContent()),
        /^Counted per month/,
      );
      await capture(page, "stats-months", width);
      // A refused range: the page with its form as typed and the reason in its error box.
      const refused = await page.goto(`${base}/stats?from=2026-03-02&to=2026-03-01`);
      assert.equal(refused?.status(), 400);
      assert.match(String(await page.locator(".error-box").textContent()), /From is after To/);
      assert.equal(await page.locator("#from").inputValue(), "2026-03-02");
      await capture(page, "stats-refused", width);
      await page.close();
    }
  });

  it("the record page: the URN's resolutions as a chart with a table", async () => {
    for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
      const page = await (contexts[width] as BrowserContext).newPage();
      await page.goto(`${base}/record/urn:example:report-2024`);
      const chart = page.locator(
        'svg[role="img"][aria-labelledby="urn-resolutions-title urn-resolutions-desc"]',
      );
      assert.equal(await chart.count(), 1);
      // The seeded days (today's counts grow with the tests' own resolutions: headless
      // Chromium is counted as a crawler).
      assert.match(
        String(await page.locator("#urn-resolutions-desc").textContent()),
        /^\d+ in all/,
      );
      const day = (back: number) =>
        page.locator("#urn-resolutions-table tbody tr", {
          has: page.locator(`th:text-is("${daysAgo(back)}")`),
        });
      assert.deepEqual(await day(12).locator("td").allTextContents(), ["3", "0", "3"]);
      assert.deepEqual(await day(5).locator("td").allTextContents(), ["5", "1", "6"]);
      const today = await day(0).locator("td").allTextContents();
      assert.ok(Number(today[0]) >= 7 && Number(today[1]) >= 2, today.join(" "));
      assert.match(
        String(await page.locator("#urn-resolutions-table tr.empty-run").first().textContent()),
        /Nothing counted in these \d+ days/,
      );
      await capture(page, "record-resolutions", width);
      await page.close();
    }
  });

  it("the registrar pages at phone width", async () => {
    const { context, page } = await signedInPage("phone", admin);
    await capture(page, "registrar", "phone");
    await page.goto(`${base}/registrar/record/urn:example:report-2024`);
    await capture(page, "manage", "phone");
    // The prefixes page (the admin token sees every prefix) and the admin page.
    await page.goto(`${base}/registrar/prefixes`);
    await capture(page, "prefixes", "phone");
    await page.goto(`${base}/admin`);
    await capture(page, "admin", "phone");
    await context.close();
  });

  it("an administrator's prefixes and administration pages", async () => {
    const { context, page } = await signedInPage("desktop", administrator);
    await page.goto(`${base}/registrar/prefixes`);
    assert.match(String(await page.locator("main h1").textContent()), /Prefixes/);
    await capture(page, "prefixes", "desktop");
    await page.goto(`${base}/admin`);
    assert.match(String(await page.locator("main h1").textContent()), /Administration/);
    await capture(page, "admin", "desktop");
    await context.close();
  });

  // Last: the tests above made every capture.
  it("makes every screenshot the READMEs show", () => {
    const missed = DOCUMENTED_SCREENSHOTS.filter((shot) => !captured.has(shot));
    assert.deepEqual(missed, [], "documented screenshots no test captures");
  });
});
