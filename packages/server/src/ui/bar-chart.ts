// A bar chart as server-rendered SVG (SVG 2; its accessible name from <title> and <desc>, and
// role="img" as WAI-ARIA graphics recommend), readable without JavaScript: the colours are
// attributes. Only the bars are drawn in the SVG, which stretches to the column; the scale and
// the first and last period are HTML beside and under it, so they keep the page's text size on a
// phone rather than shrinking with the drawing. A series told apart by more than its colour has a
// pattern (stripes), in the bars and in the legend alike. Each chart comes with a table of its
// numbers (WCAG 2.1 SC 1.1.1: the table is the text alternative that carries every value; on a
// narrow screen it scrolls, and its scrolling region takes the keyboard focus, SC 2.1.1); runs
// of periods with nothing counted are one row there. Written here rather than taken from a
// charting library: the ones that draw SVG draw it into a DOM (a browser's or jsdom) or a
// component framework, or bring a whole grammar of graphics for what is a row of rectangles.

import { type Html, html } from "./html.js";

export interface Series {
  name: string;
  values: readonly number[];
  /** A fill colour with at least 3:1 contrast against white (WCAG 2.1 SC 1.4.11). */
  colour: string;
  /** Stripes of the colour rather than a solid fill: a second cue besides the colour. */
  pattern?: "stripes";
}

export interface Chart {
  /** Unique on the page: the ids of the title, description, patterns and table derive from it. */
  id: string;
  title: string;
  /** One label a bar (a day or a month). */
  labels: readonly string[];
  series: readonly Series[];
  /** Stacked: the series are parts of one whole; grouped: side by side. */
  layout: "stacked" | "grouped";
  /**
   * What the labels are when they are not periods (say, "Locators"): the heading of the table's
   * first column, and the description then names no range and the table shows every row.
   */
  category?: string;
  /** What one period is, for the table's rows that stand for a run of empty ones. */
  period?: "day" | "month";
  /** A smaller drawing, for a chart beside other content (a record page). */
  small?: boolean;
}

const WIDTH = 720;
const HEIGHT = 200;
/** The top of the scale is drawn a little below the SVG's edge, so its line shows. */
const TOP = 1;

/** The multiples of a power of ten the top of the scale may be: close above the highest bar. */
const STEPS = [1, 1.5, 2, 3, 4, 5, 6, 8, 10];

/** A round number at or above `n` for the top of the scale. */
function niceMax(n: number): number {
  if (n <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of STEPS) if (step * power >= n) return Math.max(1, Math.ceil(step * power));
  return 10 * power;
}

function fixed(n: number): string {
  return String(Math.round(n * 100) / 100);
}

function totals(chart: Chart): number[] {
  return chart.labels.map((_, i) => chart.series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
}

function patternId(chart: Chart, k: number): string {
  return `${chart.id}-pattern-${k}`;
}

/** A series' fill: its colour, or its pattern's address. */
function fill(chart: Chart, k: number): string {
  const s = chart.series[k] as Series;
  return s.pattern === "stripes" ? `url(#${patternId(chart, k)})` : s.colour;
}

/** The patterns the series use: stripes of the colour on white, at 45°. */
function patterns(chart: Chart): Html {
  const used = chart.series.flatMap((s, k) => (s.pattern === "stripes" ? [k] : []));
  if (used.length === 0) return html``;
  return html`<defs>${used.map(
    (k) =>
      html`<pattern id="${patternId(chart, k)}" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#ffffff"/><rect width="3.5" height="6" fill="${(chart.series[k] as Series).colour}"/></pattern>`,
  )}</defs>`;
}

function bars(chart: Chart, max: number): Html[] {
  const slot = WIDTH / Math.max(chart.labels.length, 1);
  const gap = slot > 4 ? slot * 0.15 : 0;
  const plotHeight = HEIGHT - TOP;
  const scale = (v: number) => (v / max) * plotHeight;
  const out: Html[] = [];
  chart.labels.forEach((label, i) => {
    let base = HEIGHT;
    const width = chart.layout === "grouped" ? (slot - gap) / chart.series.length : slot - gap;
    chart.series.forEach((s, k) => {
      const v = s.values[i] ?? 0;
      if (v === 0) return;
      const h = scale(v);
      const x = i * slot + gap / 2 + (chart.layout === "grouped" ? k * width : 0);
      const y = chart.layout === "stacked" ? base - h : HEIGHT - h;
      if (chart.layout === "stacked") base -= h;
      // A patterned bar is outlined in its colour; a solid one parted from its neighbours by a
      // white line, so that two stacked colours never touch.
      const edge = s.pattern === "stripes" ? s.colour : "#ffffff";
      out.push(
        html`<rect x="${fixed(x)}" y="${fixed(y)}" width="${fixed(width)}" height="${fixed(h)}" fill="${fill(chart, k)}" stroke="${edge}" stroke-width="1" vector-effect="non-scaling-stroke"><title>${label}, ${s.name}: ${v}</title></rect>`,
      );
    });
  });
  return out;
}

/** The table's rows: one a label, except that a run of two or more empty periods is one row. */
function rows(chart: Chart, sums: readonly number[]): Html[] {
  const out: Html[] = [];
  const columns = chart.series.length + 1;
  const unit = chart.period ?? "day";
  let i = 0;
  while (i < chart.labels.length) {
    let end = i;
    if (chart.category === undefined)
      while (end < chart.labels.length && (sums[end] ?? 0) === 0) end++;
    if (end - i >= 2) {
      const first = chart.labels[i] as string;
      const last = chart.labels[end - 1] as string;
      out.push(
        html`<tr class="empty-run"><th scope="row"><span class="period">${first}</span> to <span class="period">${last}</span></th><td colspan="${columns}">Nothing counted in these ${end - i} ${unit}s</td></tr>`,
      );
      i = end;
      continue;
    }
    const label = chart.labels[i] as string;
    out.push(
      html`<tr><th scope="row">${label}</th>${chart.series.map((s) => html`<td>${s.values[i] ?? 0}</td>`)}<td>${sums[i] ?? 0}</td></tr>`,
    );
    i++;
  }
  return out;
}

/** The chart's SVG with its scale, then its legend and its numbers as a table. */
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
  return html`<figure class="chart${chart.small ? " small" : ""}">
<div class="plot">
<div class="axis-y" aria-hidden="true"><span>${max}</span><span>0</span></div>
<svg role="img" aria-labelledby="${chart.id}-title ${chart.id}-desc" viewBox="0 0 ${WIDTH} ${HEIGHT}" preserveAspectRatio="none" xmlns="http://www.w3.org/2000/svg">
<title id="${chart.id}-title">${chart.title}</title>
<desc id="${chart.id}-desc">${description}</desc>
${patterns(chart)}
<line x1="0" y1="${TOP}" x2="${WIDTH}" y2="${TOP}" stroke="#767676" stroke-dasharray="4 4" vector-effect="non-scaling-stroke"/>
${bars(chart, max)}
<line x1="0" y1="${HEIGHT - 0.5}" x2="${WIDTH}" y2="${HEIGHT - 0.5}" stroke="#1b1b1f" vector-effect="non-scaling-stroke"/>
</svg>
<div class="axis-x" aria-hidden="true"><span>${first}</span>${last === first ? "" : html`<span>${last}</span>`}</div>
</div>
<figcaption><ul class="legend">${chart.series.map(
    (s, k) =>
      html`<li><svg width="14" height="14" aria-hidden="true"><rect x="0.5" y="0.5" width="13" height="13" fill="${fill(chart, k)}" stroke="${s.colour}"/></svg> ${s.name}</li>`,
  )}</ul></figcaption>
</figure>
<div class="table-wrap" tabindex="0" role="region" aria-labelledby="${chart.id}-caption"><table id="${chart.id}-table" class="numbers">
<caption id="${chart.id}-caption">${chart.title}: the numbers</caption>
<thead><tr><th scope="col">${chart.category ?? "Period"}</th>${chart.series.map((s) => html`<th scope="col">${s.name}</th>`)}<th scope="col">Total</th></tr></thead>
<tbody>${rows(chart, sums)}</tbody>
</table></div>`;
}
