// A registered URN's record: its lifecycle status (reserved → active → deactivated, never
// deleted or reassigned, RFC 8141 §1.1), its locators in the order resolution tries them (RFC
// 2483 N2Ls, as the store gives them: storage/locator-rank.ts) with the link checker's verdict on
// each, metadata (N2C), successor and predecessor names (N2Ns), how often it was resolved lately
// (record-resolutions-section.ts) and its audit history.

import type { AuditEntry } from "../storage/audit.js";
import { failed, type LinkHealth } from "../storage/links.js";
import type { UrnRecord } from "../storage/records.js";
import { historyWording } from "./history-wording.js";
import { type Html, html } from "./html.js";
import { editHref, inspectHref, recordHref } from "./links.js";

/** An ISO 8601 UTC timestamp shown to the minute, the full value kept machine-readable. */
export function when(iso: string): Html {
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace("T", " ")} UTC</time>`;
}

export function statusBadge(status: UrnRecord["status"]): Html {
  const tone = status === "active" ? "ok" : status === "deactivated" ? "bad" : "warn";
  return html`<span class="badge ${tone}">${status}</span>`;
}

function urnList(urns: readonly string[], none: string): Html {
  if (urns.length === 0) return html`<p>${none}</p>`;
  return html`<ul>${urns.map((u) => html`<li><a href="${recordHref(u)}">${u}</a></li>`)}</ul>`;
}

function metadataList(metadata: Record<string, unknown> | null): Html {
  if (metadata === null || Object.keys(metadata).length === 0) return html`<p>No metadata.</p>`;
  return html`<dl class="facts">${Object.entries(metadata).map(
    ([k, v]) =>
      html`<dt>${k}</dt><dd>${typeof v === "string" ? v : html`<code>${JSON.stringify(v)}</code>`}</dd>`,
  )}</dl>`;
}

/** The link checker's last verdict on a locator, in words: outcome, status, when, failures. */
export function healthCell(h: LinkHealth | undefined): Html {
  if (h === undefined) return html`<span class="hint">not checked</span>`;
  const bad = failed(h.outcome);
  const status = h.status === null ? "" : ` ${h.status}`;
  const repeated = h.failures > 1 ? `, ${h.failures} checks in a row` : "";
  return html`<span class="badge ${bad ? "bad" : "ok"}">${h.outcome}</span>${status}${repeated}${
    h.demoted ? html` <strong>(ranked last)</strong>` : ""
  }<br><small>checked ${when(h.checked)}${h.finalUrl === null ? "" : html`, ends at <code>${h.finalUrl}</code>`}</small>`;
}

function locatorTable(record: UrnRecord, health: ReadonlyMap<string, LinkHealth>): Html {
  if (record.locators.length === 0) return html`<p>No locators.</p>`;
  return html`<div class="table-wrap"><table class="cards">
<caption class="visually-hidden">Locators in resolution order</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Priority</th><th scope="col">Media type</th><th scope="col">State</th><th scope="col">Link check</th><th scope="col">Added</th></tr></thead>
<tbody>${record.locators.map(
    (l) =>
      html`<tr><td class="url" data-label="URL">${/^https?:/i.test(l.url) ? html`<a href="${l.url}" rel="nofollow">${l.url}</a>` : l.url}</td><td data-label="Priority">${l.priority}</td><td data-label="Media type">${l.mediaType ?? "—"}</td><td data-label="State">${l.active ? "active" : "inactive"}</td><td data-label="Link check">${healthCell(health.get(l.url))}</td><td data-label="Added">${when(l.created)}</td></tr>`,
  )}</tbody></table></div>`;
}

function history(entries: readonly AuditEntry[], showActor: boolean): Html {
  if (entries.length === 0) return html`<p>No history recorded.</p>`;
  return html`<ol class="history">${entries.map(
    (e) =>
      html`<li>${when(e.at)} <span title="${e.action}">${historyWording(e)}</span>${
        showActor ? (e.tokenId === null ? " by the command line" : ` by token #${e.tokenId}`) : ""
      }${e.channel === "dnb" ? " through the DNB API" : ""}</li>`,
  )}</ol>`;
}

export function recordContent(
  record: UrnRecord,
  audit: readonly AuditEntry[],
  signedIn: boolean,
  health: ReadonlyMap<string, LinkHealth> = new Map(),
  resolutions: Html = html``,
): Html {
  return html`<h1 class="urn-heading"><span class="visually-hidden">Record of </span><code>${record.urn}</code></h1>
<p class="status-line">Status: ${statusBadge(record.status)}${
    record.status === "deactivated"
      ? html` since ${record.deactivated === null ? "an unknown date" : when(record.deactivated)}: ${record.reason ?? "no reason given"}`
      : ""
  }</p>
<p class="actions"><a href="${inspectHref(record.urn)}">Inspect this URN</a>${
    record.status === "active" ? html` · <a href="${`/${record.urn}`}">Resolve it</a>` : ""
  }${signedIn ? html` · <a href="${editHref(record.urn)}">Manage it</a>` : ""}</p>
<section aria-labelledby="h-loc"><h2 id="h-loc">Locators</h2>${locatorTable(record, health)}</section>
<section aria-labelledby="h-meta"><h2 id="h-meta">Metadata</h2>${metadataList(record.metadata)}</section>
<section aria-labelledby="h-links"><h2 id="h-links">Related names</h2>
<h3>Successors</h3>${urnList(record.successors, "None.")}
<h3>Predecessors</h3>${urnList(record.predecessors, "None.")}
${
  record.spellings.length > 1
    ? html`<h3>Registered spellings</h3><ul>${record.spellings.map((s) => html`<li><code>${s}</code></li>`)}</ul>`
    : ""
}
</section>
${resolutions}
<section aria-labelledby="h-hist"><h2 id="h-hist">History</h2>${history(audit, signedIn)}</section>`;
}
