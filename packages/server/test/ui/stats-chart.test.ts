// The statistics charts as drawn (bar-chart.ts, chart-palette.ts): every series' colour at least
// 3:1 against the white page (WCAG 2.1 SC 1.4.11) and no two alike, crawlers striped; the table
// collapsing runs of empty periods into one row that says so; the number columns marked so that
// they and their headings align right.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { barChart } from "../../src/ui/bar-chart.js";
import {
  CRAWLER_STYLE,
  EVENT_COLOURS,
  OUTCOME_COLOURS,
  PEOPLE_COLOUR,
} from "../../src/ui/chart-palette.js";

/** WCAG 2.1's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(hex) + 0.05);
}

describe("statistics charts", () => {
  const colours: [string, string][] = [
    ...Object.entries(OUTCOME_COLOURS).map(([k, v]) => [`outcome ${k}`, v] as [string, string]),
    ...Object.entries(EVENT_COLOURS).map(([k, v]) => [`event ${k}`, v] as [string, string]),
    ["people", PEOPLE_COLOUR],
    ["crawlers", CRAWLER_STYLE.colour],
  ];
  for (const [what, colour] of colours)
    it(`${what} (${colour}) has at least 3:1 against white`, () =>
      assert.ok(contrastWithWhite(colour) >= 3, `${contrastWithWhite(colour).toFixed(2)}:1`));

  it("tells every resolution series apart: no two outcomes alike, crawlers striped", () => {
    const fills = [...Object.values(OUTCOME_COLOURS), CRAWLER_STYLE.colour];
    assert.equal(new Set(fills).size, fills.length);
    assert.equal(CRAWLER_STYLE.pattern, "stripes");
  });

  const labels = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"];
  const table = (values: number[], period: "day" | "month" = "day") => {
    const text = barChart({
      id: "t",
      title: "T",
      labels,
      series: [{ name: "a", values, colour: "#0a4fb3" }],
      layout: "stacked",
      period,
    }).text;
    return [...text.matchAll(/<tr[^>]*><th scope="row">(.*?)<\/th>(.*?)<\/tr>/g)].map(
      (m) =>
        `${(m[1] as string).replace(/<[^>]+>/g, "")} | ${(m[2] as string)
          .replace(/<[^>]+>/g, " ")
          .trim()
          .replace(/\s+/g, " ")}`,
    );
  };
  const collapsing: [string, number[], string[]][] = [
    [
      "one day with counts among empty ones",
      [0, 0, 4, 0, 0],
      [
        "2026-03-01 to 2026-03-02 | Nothing counted in these 2 days",
        "2026-03-03 | 4 4",
        "2026-03-04 to 2026-03-05 | Nothing counted in these 2 days",
      ],
    ],
    [
      "a single empty day between two with counts stays a row",
      [1, 0, 2, 3, 4],
      [
        "2026-03-01 | 1 1",
        "2026-03-02 | 0 0",
        "2026-03-03 | 2 2",
        "2026-03-04 | 3 3",
        "2026-03-05 | 4 4",
      ],
    ],
    [
      "nothing at all",
      [0, 0, 0, 0, 0],
      ["2026-03-01 to 2026-03-05 | Nothing counted in these 5 days"],
    ],
  ];
  for (const [what, values, rows] of collapsing)
    it(`the table: ${what}`, () => assert.deepEqual(table(values), rows));

  it("the table names months as months", () =>
    assert.match(table([0, 0, 0, 0, 1], "month")[0] as string, /in these 4 months$/));

  it("draws no text in the SVG: the scale and periods are HTML at the page's size", () => {
    const text = barChart({
      id: "t",
      title: "T",
      labels,
      series: [{ name: "a", values: [1, 2, 3, 4, 57], colour: "#0a4fb3" }],
      layout: "stacked",
    }).text;
    const svg = text.slice(text.indexOf("<svg role"), text.indexOf("</svg>"));
    assert.doesNotMatch(svg, /<text/);
    // The scale's top close above the highest bar (57), not the next power of ten.
    assert.match(text, /<div class="axis-y" aria-hidden="true"><span>60<\/span><span>0<\/span>/);
    assert.match(
      text,
      /<div class="axis-x" aria-hidden="true"><span>2026-03-01<\/span><span>2026-03-05<\/span>/,
    );
  });
});
