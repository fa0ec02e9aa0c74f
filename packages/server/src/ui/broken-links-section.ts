// The statistics pages' "Broken links" section (issue 20): the scope's web locators (those the
// link checker asks: active http(s) locators of active URNs) by what their last check found, in the
// link report's words, as a chart with its numbers in a table, and a link to the matching report.

import { failed, type LinkOutcomeCount, type LinkScope } from "../storage/links.js";
import { barChart, type Series } from "./bar-chart.js";
import { type Html, html } from "./html.js";
import { reportQuery } from "./link-report-page.js";

/** The chart's bars: disjoint, so that they add up to the scope's web locators. */
const STATES = [
  { name: "answering", colour: "#00725b" },
  { name: "broken, ranked as usual", colour: "#b3261e" },
  { name: "broken, ranked last", colour: "#6b4700" },
  { name: "not checked yet", colour: "#767676" },
] as const;

type State = (typeof STATES)[number]["name"];

function stateOf(count: LinkOutcomeCount): State {
  if (count.outcome === null) return "not checked yet";
  if (!failed(count.outcome)) return "answering";
  return count.demoted ? "broken, ranked last" : "broken, ranked as usual";
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function brokenLinksSection(counts: readonly LinkOutcomeCount[], scope: LinkScope): Html {
  const by = new Map<State, number>();
  for (const c of counts) by.set(stateOf(c), (by.get(stateOf(c)) ?? 0) + c.count);
  const total = [...by.values()].reduce((a, b) => a + b, 0);
  const unchecked = by.get("not checked yet") ?? 0;
  if (total === 0) return html`<p>There are no web (http or https) locators here to check.</p>`;
  if (unchecked === total)
    return html`<p>No web locator here has been checked yet (${total} to check), so there are no broken-link figures yet. The link checker runs with <code>urnkit links check</code>, or inside the server with <code>urnkit serve --check-links-every 24h</code>.</p>`;
  const broken = (by.get("broken, ranked as usual") ?? 0) + (by.get("broken, ranked last") ?? 0);
  const report = `/links?${reportQuery({
    status: "broken",
    organisation: scope.organisation ?? "",
    prefix: scope.prefix ?? "",
  })}`;
  const series: Series[] = STATES.map((s) => ({
    name: s.name,
    values: [by.get(s.name) ?? 0],
    colour: s.colour,
  }));
  return html`<p>${plural(broken, "web locator", "web locators")} of ${total} failed ${broken === 1 ? "its" : "their"} last check; those failing several checks in a row rank after their record's other locators. <a href="${report}">The broken-links report</a> lists them.</p>
${barChart({
  id: "links",
  title: "Web locators by their last link check",
  labels: ["Active web locators"],
  series,
  layout: "grouped",
  category: "Locators",
})}`;
}
