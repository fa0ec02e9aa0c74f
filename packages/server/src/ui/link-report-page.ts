// The link report page (/links): the link checker's verdicts on the active locators of active
// URNs, narrowed to an organisation, a prefix and a status, a page at a time, with the same
// selection as CSV or JSON (/api/v1/links/export). A plain GET form: no JavaScript needed.

import type { LinkReportRow, LinkStatusFilter } from "../storage/links.js";
import type { Organisation } from "../storage/organisations.js";
import { type Html, html } from "./html.js";
import { recordHref } from "./links.js";
import { healthCell } from "./record-page.js";

export interface LinkReportView {
  status: LinkStatusFilter;
  organisation: string;
  prefix: string;
  rows: readonly LinkReportRow[];
  /** The query of the next page, or null on the last. */
  next: string | null;
}

const STATUS_LABELS: [LinkStatusFilter, string][] = [
  ["broken", "Broken: the last check failed"],
  ["demoted", "Ranked last: failed several checks in a row"],
  ["ok", "Answering"],
  ["unchecked", "Not checked yet"],
  ["all", "All"],
];

/** The filters as a query string (empty ones left out). */
export function reportQuery(view: Pick<LinkReportView, "status" | "organisation" | "prefix">) {
  const params = new URLSearchParams({ status: view.status });
  if (view.organisation !== "") params.set("organisation", view.organisation);
  if (view.prefix !== "") params.set("prefix", view.prefix);
  return params;
}

export function linkReportContent(
  view: LinkReportView,
  organisations: readonly Organisation[],
): Html {
  const query = reportQuery(view);
  const rows =
    view.rows.length === 0
      ? html`<p>No locators match.</p>`
      : html`<div class="table-wrap"><table class="cards">
<caption class="visually-hidden">Locators and their last link check</caption>
<thead><tr><th scope="col">URN</th><th scope="col">URL</th><th scope="col">Link check</th><th scope="col">Organisation</th></tr></thead>
<tbody>${view.rows.map(
          (r) =>
            html`<tr><td data-label="URN"><a href="${recordHref(r.urn)}"><code>${r.urn}</code></a></td><td class="url" data-label="URL">${r.url}</td><td data-label="Link check">${healthCell(r.health ?? undefined)}${
              r.health?.message != null && r.health.outcome !== "ok"
                ? html`<br><small>${r.health.message}</small>`
                : ""
            }</td><td data-label="Organisation">${r.organisation ?? "—"}</td></tr>`,
        )}</tbody></table></div>`;
  return html`<h1>Link report</h1>
<p class="hint">What the link checker found when it last asked each locator. A locator failing several checks in a row ranks after the record's other locators; none is removed for it.</p>
<form class="filters" method="get" action="/links">
<label for="lr-status">Status</label>
<select id="lr-status" name="status">${STATUS_LABELS.map(
    ([value, label]) =>
      html`<option value="${value}"${value === view.status ? html` selected` : ""}>${label}</option>`,
  )}</select>
<label for="lr-org">Organisation</label>
<select id="lr-org" name="organisation"><option value="">Any</option>${organisations.map(
    (o) =>
      html`<option value="${o.id}"${o.id === view.organisation ? html` selected` : ""}>${o.name} (${o.id})</option>`,
  )}</select>
<label for="lr-prefix">Prefix</label>
<input id="lr-prefix" name="prefix" type="text" spellcheck="false" autocapitalize="off" value="${view.prefix}" placeholder="urn:nbn:fi:lib-">
<button type="submit">Show</button>
</form>
<p class="actions">Download: <a href="${`/api/v1/links/export?${query}&format=csv`}">CSV</a> · <a href="${`/api/v1/links/export?${query}&format=json`}">JSON</a></p>
${rows}
${view.next === null ? "" : html`<p><a rel="next" href="${`/links?${view.next}`}">Next page</a></p>`}`;
}
