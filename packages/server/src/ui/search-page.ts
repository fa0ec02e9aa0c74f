// The search page: full text over URNs and their metadata with filters (namespace, organisation,
// status, a locator URL), a page of results linking to each record, and a link to the next page.
// A plain GET form: it works without JavaScript, and every result page has its own address.

import type { RecordPage } from "../registry/record-search.js";
import { RECORD_STATUSES } from "../storage/records.js";
import type { RecordSummary } from "../storage/search.js";
import { type Html, html } from "./html.js";
import { recordHref } from "./links.js";
import { when } from "./record-page.js";

/** The form's fields as the request gave them ("" for empty). */
export interface SearchForm {
  q: string;
  nid: string;
  organisation: string;
  status: string;
  url: string;
}

export const SEARCH_FIELDS = ["q", "nid", "organisation", "status", "url"] as const;

const STATUSES = RECORD_STATUSES;

/** A select of `options` ([value, label]) with `chosen` selected and "Any" for no filter. */
function choice(
  id: string,
  label: string,
  chosen: string,
  options: readonly (readonly [string, string])[],
): Html {
  return html`<div class="field"><label for="${id}">${label}</label>
<select id="${id}" name="${id}"><option value="">Any</option>${options.map(
    ([value, text]) =>
      html`<option value="${value}"${value === chosen ? html` selected` : ""}>${text}</option>`,
  )}</select></div>`;
}

/** The record's title when its metadata has one as text. */
function title(r: RecordSummary): string {
  const t = r.metadata?.title;
  return typeof t === "string" ? t : "";
}

/** The address of this search's page after `cursor`. */
function pageHref(form: SearchForm, cursor: string | null): string {
  const query = new URLSearchParams();
  for (const name of SEARCH_FIELDS) if (form[name] !== "") query.set(name, form[name]);
  if (cursor !== null) query.set("cursor", cursor);
  return `/search?${query}`;
}

function results(form: SearchForm, page: RecordPage, paged: boolean): Html {
  if (page.items.length === 0)
    return html`<p role="status">${paged ? "No more records." : "No record matches."}</p>`;
  return html`<p role="status">${page.items.length} record${page.items.length === 1 ? "" : "s"} on this page${page.next === null ? "" : ", more on the next"}.</p>
<div class="table-wrap"><table class="cards">
<caption class="visually-hidden">Records found</caption>
<thead><tr><th scope="col">URN</th><th scope="col">Title</th><th scope="col">Status</th><th scope="col">Organisation</th><th scope="col">Changed</th></tr></thead>
<tbody>${page.items.map(
    (r) =>
      html`<tr><td data-label="URN"><a href="${recordHref(r.urn)}"><code>${r.urn}</code></a></td><td data-label="Title">${title(r) || "—"}</td><td data-label="Status">${r.status}</td><td data-label="Organisation">${r.organisation ?? "—"}</td><td data-label="Changed">${when(r.updated)}</td></tr>`,
  )}</tbody></table></div>
<nav aria-label="Pages"><ul class="pager">${paged ? html`<li><a href="${pageHref(form, null)}">First page</a></li>` : ""}${
    page.next === null
      ? ""
      : html`<li><a href="${pageHref(form, page.next)}" rel="next">Next page</a></li>`
  }</ul></nav>`;
}

/**
 * The page: the form filled in as asked, then the results (`page`), or why the search was refused
 * (`error`), or nothing before a first search.
 */
export function searchContent(
  form: SearchForm,
  options: { nids: readonly string[]; organisations: readonly (readonly [string, string])[] },
  outcome: { page: RecordPage; paged: boolean } | { error: string } | null,
): Html {
  return html`<h1>Search URNs</h1>
<form class="urn-form search-form" method="get" action="/search" role="search">
<label for="q">Words in the URN or its description</label>
<div class="row">
<input id="q" name="q" type="search" value="${form.q}" spellcheck="false" autocomplete="off">
<button type="submit">Search</button>
</div>
<div class="filters">
${choice(
  "nid",
  "Namespace",
  form.nid,
  options.nids.map((n) => [n, `urn:${n}:`]),
)}
${choice("organisation", "Organisation", form.organisation, options.organisations)}
${choice(
  "status",
  "Status",
  form.status,
  STATUSES.map((s) => [s, s]),
)}
<div class="field"><label for="url">Web address it points to</label>
<input id="url" name="url" type="url" value="${form.url}" spellcheck="false" autocomplete="off"></div>
</div>
</form>
${
  outcome === null
    ? ""
    : "error" in outcome
      ? html`<p class="error-box" role="alert">${outcome.error}</p>`
      : results(form, outcome.page, outcome.paged)
}`;
}
