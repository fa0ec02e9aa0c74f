// A bar chart as server-rendered SVG (SVG 2; its accessible name from <title> and <desc>, and
// role="img" as WAI-ARIA graphics recommend), readable without JavaScript and without CSS: the
// colours are attributes. Each chart comes with a table of its numbers (WCAG 2.1 SC 1.1.1: the
// table is the text alternative that carries every value; on a narrow screen it scrolls, and its
// scrolling region takes the keyboard focus, WCAG 2.1 SC 2.1.1). Written here rather than taken from
// a charting library: the ones that draw SVG draw it into a DOM (a browser's or jsdom) or a
// component framework, or bring a whole grammar of graphics for what is a row of rectangles.

import { type Html, html } from "./html.js";

export interface Series {
  name: string;
  values: readonly number[];
  /** A fill colour with at least 3:1 contrast against white (WCAG 2.1 SC 1.4.11). */
  colour: string;
}

export interface Chart {
  /** Unique on the page: the ids of the title, description and table derive from it. */
  id: string;
  title: string;
  /** One label a bar (a day or a month). */
  labels: readonly string[];
  series: readonly Series[];
  /** Stacked: the series are parts of one whole; grouped: side by side. */
  layout: "stacked" | "grouped";
  /**
   * What the labels are when they are not periods (say, "Locators"): the heading of the table's
   * first column, and the description then names no range.
   */
  category?: string;
}

const WIDTH = 720;
const HEIGHT = 240;
const LEFT = 48;
const BOTTOM = 24;
const TOP = 8;

/** A round number at or above `n` for the top of the scale (1, 2 or 5 times a power of ten). */
function niceMax(n: number): number {
  if (n <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

function fixed(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function totals(chart: Chart): number[] {
  return chart.labels.map((_, i) => chart.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
}

function bars(chart: Chart, max: number): Html[] {
  const plotWidth = WIDTH - LEFT;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = plotWidth / Math.max(chart.labels.length, 1);
  const gap = slot > 4 ? slot * 0.15 : 0;
  const scale = (v: number) => (v / max) * plotHeight;
  const out: Html[] = [];
  chart.labels.forEach((label, i) => {
    let base = HEIGHT - BOTTOM;
    const width = chart.layout === "grouped" ? (slot - gap) / chart.series.length : slot - gap;
    chart.series.forEach((s, k) => {
      const v = s.values[i] ?? 0;
      if (v === 0) return;
      const h = scale(v);
      const x = LEFT + i * slot + gap / 2 + (chart.layout === "grouped" ? k * width : 0);
      const y = chart.layout === "stacked" ? base - h : HEIGHT - BOTTOM - h;
      if (chart.layout === "stacked") base -= h;
      out.push(
        html`<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(width)}" height="${fixed(h)}" fill="${s.colour}"><title>${label}, ${s.name}: ${v}</title></rect>`,
      );
    });
  });
  return out;
}

/** The chart's SVG, then its legend and its numbers as a table. */
export function barChart(chart: Chart): Html {
  const sums = totals(chart);
  const total = sums.reduce((a, b) => a + b, 0);
  const peak = Math.max(
    0,
    ...(chart.layout === "stacked" ? sums : chart.series.flatMap((s) => s.values)),
  );
  const max = niceMax(peak);
  const first = chart.labels[0] ?? "";
  const last = chart.labels.at(-1) ?? "";
  const description = `${total} in all${chart.category === undefined ? ` from ${first} to ${last}` : ""}${
    total > 0 ? `; the highest bar ${peak}` : ""
  }. The table below has every number.`;
  const axisY = HEIGHT - BOTTOM;
  return html`<figure class="chart">
<svg role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="100%" preserveAspectRatio="xMinYMin meet" xmlns="http://www.w3.org/2000/svg" font-family="sans-serif" font-size="12">
<title id="${chart.id}-title">${chart.title}</title>
<desc id="${chart.id}-desc">${description}</desc>
<line x1="${LEFT}" y1="${TOP}" x2="${WIDTH}" y2="${TOP}" stroke="#c9ccd3" stroke-dasharray="4 4"/>
<text x="${LEFT - 6}" y="${TOP + 4}" text-anchor="end" fill="#1b1b1f">${max}</text>
<text x="${LEFT - 6}" y="${axisY}" text-anchor="end" fill="#1b1b1f">0</text>
${bars(chart, max)}
<line x1="${LEFT}" y1="${axisY}" x2="${WIDTH}" y2="${axisY}" stroke="#1b1b1f"/>
<text x="${LEFT}" y="${HEIGHT - 6}" fill="#1b1b1f">${first}</text>
${last === first ? "" : html`<text x="${WIDTH}" y="${HEIGHT - 6}" text-anchor="end" fill="#1b1b1f">${last}</text>`}
</svg>
<figcaption><ul class="legend">${chart.series.map(
    (s) =>
      html`<li><svg width="12" height="12" aria-hidden="true"><rect width="12" height="12" fill="${s.colour}"/></svg> ${s.name}</li>`,
  )}</ul></figcaption>
</figure>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${chart.id}-caption"><table id="${chart.id}-table" class="numbers">
<caption id="${chart.id}-caption">${chart.title}: the numbers</caption>
<thead><tr><th scope="col">${chart.category ?? "Period"}</th>${chart.series.map((s) => html`<th scope="col">${s.name}</th>`)}<th scope="col">Total</th></tr></thead>
<tbody>${chart.labels.map(
    (label, i) =>
      html`<tr><th scope="row">${label}</th>${chart.series.map((s) => html`<td>${s.values[i] ?? 0}</td>`)}<td>${sums[i] ?? 0}</td></tr>`,
  )}</tbody>
</table></div>`;
}
