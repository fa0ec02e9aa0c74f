// The statistics pages (/stats, and per organisation or prefix with ?organisation= or ?prefix=):
// resolutions and assignments over time as charts, each with its numbers in a table, and the URNs
// and prefixes resolved most. Everything is on the page as it is sent; no script draws anything.

import {
  ASSIGNMENT_EVENTS,
  type Granularity,
  OUTCOMES,
  type SeriesPoint,
  type TopEntry,
} from "../storage/stats.js";
import type { StatsRequest } from "../validation/stats-query.js";
import { barChart, type Series } from "./bar-chart.js";
import { CRAWLER_STYLE, EVENT_COLOURS, OUTCOME_COLOURS } from "./chart-palette.js";
import { type Html, html } from "./html.js";
import { recordHref } from "./links.js";

export interface StatsData {
  request: StatsRequest;
  /** What the page is about: everything, an organisation or a prefix. */
  scope:
    | { kind: "all" }
    | { kind: "organisation"; id: string; name: string }
    | { kind: "prefix"; prefix: string; organisation: string };
  people: SeriesPoint[];
  crawlers: SeriesPoint[];
  assignments: SeriesPoint[];
  /** The top lists' first day: the range's, or a month before its end when the range is longer. */
  topFrom: string;
  topUrns: TopEntry[];
  topPrefixes: TopEntry[];
  /** The broken-links section for the same scope (broken-links-section.ts). */
  brokenLinks: Html;
}

/** Every period from `from` to `to` (both days, UTC), by day or by month. */
export function periods(from: string, to: string, granularity: Granularity): string[] {
  const out: string[] = [];
  const length = granularity === "month" ? 7 : 10;
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86400000) {
    const p = new Date(t).toISOString().slice(0, length);
    if (out.at(-1) !== p) out.push(p);
  }
  return out;
}

/** The values of `kind` per period, 0 where nothing was counted. */
function values(
  points: readonly SeriesPoint[],
  labels: readonly string[],
  kind?: string,
): number[] {
  const byPeriod = new Map<string, number>();
  for (const p of points)
    if (kind === undefined || p.kind === kind)
      byPeriod.set(p.period, (byPeriod.get(p.period) ?? 0) + p.count);
  return labels.map((l) => byPeriod.get(l) ?? 0);
}

function scopeQuery(data: StatsData): string {
  const s = data.scope;
  if (s.kind === "organisation") return `organisation=${encodeURIComponent(s.id)}`;
  if (s.kind === "prefix") return `prefix=${encodeURIComponent(s.prefix)}`;
  return "";
}

/** The range form's values as asked (a refused range is shown as it was typed). */
export interface RangeFields {
  from: string;
  to: string;
  granularity: string;
  /** The scope's hidden field, when the page is about an organisation or a prefix. */
  organisation?: string;
  prefix?: string;
}

function fieldsOf(data: StatsData): RangeFields {
  const s = data.scope;
  return {
    from: data.request.from,
    to: data.request.to,
    granularity: data.request.granularity,
    ...(s.kind === "organisation" ? { organisation: s.id } : {}),
    ...(s.kind === "prefix" ? { prefix: s.prefix } : {}),
  };
}

/** Each label above its field, the fields side by side where there is room. */
function rangeForm(r: RangeFields, error: string | null = null): Html {
  return html`<form class="stats-range" method="get" action="/stats">
${r.organisation === undefined ? "" : html`<input type="hidden" name="organisation" value="${r.organisation}">`}
${r.prefix === undefined ? "" : html`<input type="hidden" name="prefix" value="${r.prefix}">`}
${error === null ? "" : html`<p class="error-box" role="alert" id="range-error">${error}</p>`}
<div class="fields">
<div class="field"><label for="from">From</label><input id="from" name="from" type="date" value="${r.from}"${error === null ? "" : html` aria-describedby="range-error"`}></div>
<div class="field"><label for="to">To</label><input id="to" name="to" type="date" value="${r.to}"${error === null ? "" : html` aria-describedby="range-error"`}></div>
<div class="field"><label for="granularity">By</label><select id="granularity" name="granularity">
<option value="day"${r.granularity === "month" ? "" : html` selected`}>day</option>
<option value="month"${r.granularity === "month" ? html` selected` : ""}>month</option>
</select></div>
<button type="submit">Show</button>
</div>
</form>`;
}

function topUrnsTable(rows: readonly TopEntry[], range: string): Html {
  if (rows.length === 0) return html`<p>No URN registered here was resolved in this range.</p>`;
  return html`<div class="table-wrap"><table class="numbers">
<caption>The URNs resolved most (people and crawlers), ${range}</caption>
<thead><tr><th scope="col">URN</th><th scope="col" class="text">Organisation</th><th scope="col">Resolutions</th></tr></thead>
<tbody>${rows.map(
    (r) =>
      html`<tr><th scope="row"><a href="${recordHref(r.name)}"><code>${r.name}</code></a></th><td class="text">${r.organisation || "—"}</td><td>${r.count}</td></tr>`,
  )}</tbody></table></div>`;
}

function topPrefixesTable(rows: readonly TopEntry[], range: string): Html {
  if (rows.length === 0) return html`<p>No URN under a prefix was resolved in this range.</p>`;
  return html`<div class="table-wrap"><table class="numbers">
<caption>The prefixes whose URNs were resolved most, ${range}</caption>
<thead><tr><th scope="col">Prefix</th><th scope="col" class="text">Organisation</th><th scope="col">Resolutions</th></tr></thead>
<tbody>${rows.map(
    (r) =>
      html`<tr><th scope="row"><a href="/stats?prefix=${encodeURIComponent(r.name)}"><code>${r.name}</code></a></th><td class="text"><a href="/stats?organisation=${encodeURIComponent(r.organisation)}">${r.organisation}</a></td><td>${r.count}</td></tr>`,
  )}</tbody></table></div>`;
}

export function statsTitle(data: StatsData): string {
  const s = data.scope;
  if (s.kind === "organisation") return `Statistics: ${s.name}`;
  if (s.kind === "prefix") return `Statistics: ${s.prefix}`;
  return "Statistics";
}

export function statsContent(data: StatsData): Html {
  const r = data.request;
  const labels = periods(r.from, r.to, r.granularity);
  const resolutionSeries: Series[] = [
    ...OUTCOMES.map((o) => ({
      name: o,
      values: values(data.people, labels, o),
      colour: OUTCOME_COLOURS[o],
    })),
    {
      name: "crawlers (any outcome)",
      values: values(data.crawlers, labels),
      ...CRAWLER_STYLE,
    },
  ];
  const assignmentSeries: Series[] = ASSIGNMENT_EVENTS.map((e) => ({
    name: e,
    values: values(data.assignments, labels, e),
    colour: EVENT_COLOURS[e],
  }));
  const scope = scopeQuery(data);
  const topRange = `${data.topFrom} to ${r.to}`;
  const api = (path: string) =>
    `/api/v1/stats/${path}?from=${r.from}&to=${r.to}&granularity=${r.granularity}${scope === "" ? "" : `&${scope}`}`;
  return html`<h1>${statsTitle(data)}</h1>
${data.scope.kind === "prefix" ? html`<p>Organisation: <a href="/stats?organisation=${encodeURIComponent(data.scope.organisation)}">${data.scope.organisation}</a></p>` : ""}
${data.scope.kind !== "all" ? html`<p><a href="/stats">All statistics</a></p>` : ""}
<p>Counted per ${r.granularity} (UTC) from ${r.from} to ${r.to}. Crawlers are told apart by their User-Agent. The same numbers as JSON: <a href="${api("resolutions/series")}">resolutions</a>, <a href="${api("assignments")}">assignments</a>, <a href="${api("top-urns")}">top URNs</a>.</p>
${rangeForm(fieldsOf(data))}
<section aria-labelledby="resolutions-h">
<h2 id="resolutions-h">Resolutions</h2>
${barChart({ id: "resolutions", title: `Resolutions per ${r.granularity}: by people by outcome, and by crawlers`, labels, series: resolutionSeries, layout: "stacked", period: r.granularity })}
</section>
<section aria-labelledby="assignments-h">
<h2 id="assignments-h">Assignments</h2>
${barChart({ id: "assignments", title: `URNs registered, activated and deactivated per ${r.granularity}`, labels, series: assignmentSeries, layout: "grouped", period: r.granularity })}
</section>
<section aria-labelledby="top-urns-h">
<h2 id="top-urns-h">Top URNs</h2>
${topUrnsTable(data.topUrns, topRange)}
</section>
${
  data.scope.kind === "prefix"
    ? ""
    : html`<section aria-labelledby="top-prefixes-h">
<h2 id="top-prefixes-h">Top prefixes</h2>
${topPrefixesTable(data.topPrefixes, topRange)}
</section>`
}
<section aria-labelledby="broken-links-h" id="broken-links">
<h2 id="broken-links-h">Broken links</h2>
${data.brokenLinks}
</section>`;
}

/** The page when its range is refused: the form as typed, and why, in its error box. */
export function statsRangeErrorContent(fields: RangeFields, message: string): Html {
  return html`<h1>Statistics</h1>
${rangeForm(fields, message)}`;
}
