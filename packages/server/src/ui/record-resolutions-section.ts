// A record page's "Resolutions" section: how often the URN was resolved on each of the last 30
// days, by people and by crawlers, as a small stacked chart with its numbers in a table (the
// chart's text alternative), and the same series as JSON from GET /api/v1/stats/urn-resolutions.

import type { Store } from "../storage/store.js";
import { barChart } from "./bar-chart.js";
import { CRAWLER_STYLE, PEOPLE_COLOUR } from "./chart-palette.js";
import { type Html, html } from "./html.js";
import { periods } from "./stats-page.js";

/** The days the section covers, today (UTC) the last. */
const DAYS = 30;

export interface RecordResolutions {
  urn: string;
  from: string;
  to: string;
  /** Resolutions by people and by crawlers, by day (periods without any left out). */
  people: Map<string, number>;
  crawlers: Map<string, number>;
}

/** The URN's resolutions of the last DAYS days, as stored (the counts held in memory not yet). */
export async function recordResolutions(
  store: Store,
  record: { urn: string; key: string },
  now = Date.now(),
): Promise<RecordResolutions> {
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (DAYS - 1) * 86400000).toISOString().slice(0, 10);
  const read = async (bots: "exclude" | "only") =>
    new Map(
      (
        await store.stats.urnSeries({
          key: record.key,
          from,
          to,
          granularity: "day",
          bots,
          limit: DAYS,
        })
      ).map((p) => [p.period, p.count]),
    );
  const [people, crawlers] = await Promise.all([read("exclude"), read("only")]);
  return { urn: record.urn, from, to, people, crawlers };
}

export function recordResolutionsSection(data: RecordResolutions): Html {
  const labels = periods(data.from, data.to, "day");
  const api = `/api/v1/stats/urn-resolutions?urn=${encodeURIComponent(data.urn)}&from=${data.from}&to=${data.to}`;
  return html`<section aria-labelledby="h-resolutions"><h2 id="h-resolutions">Resolutions</h2>
<p>Resolutions of this URN per day (UTC), the last ${DAYS} days. The same numbers as <a href="${api}">JSON</a>.</p>
${barChart({
  id: "urn-resolutions",
  title: `Resolutions per day from ${data.from} to ${data.to}, by people and by crawlers`,
  labels,
  series: [
    { name: "people", values: labels.map((l) => data.people.get(l) ?? 0), colour: PEOPLE_COLOUR },
    {
      name: "crawlers",
      values: labels.map((l) => data.crawlers.get(l) ?? 0),
      ...CRAWLER_STYLE,
    },
  ],
  layout: "stacked",
  period: "day",
  small: true,
})}
</section>`;
}
