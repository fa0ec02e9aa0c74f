// The namespace browser: the IANA "Uniform Resource Names (URN) Namespaces" registry (RFC 8141
// §7.2, a snapshot) plus the namespaces served here, searchable; and one namespace with its
// registration template (§6, Appendix A), its rules (§6.4.2) and its resolution policy (§6.4.6).

import { type RegistryEntry, registry, ruleFor } from "@urnkit/namespaces";
import type { Namespace, TemplateRevision } from "../storage/namespaces.js";
import { type Html, html } from "./html.js";
import { when } from "./record-page.js";

interface Row {
  nid: string;
  entry: RegistryEntry | undefined;
  served: Namespace | undefined;
}

function rows(served: readonly Namespace[]): Row[] {
  const byNid = new Map<string, Row>();
  for (const entry of registry.entries)
    byNid.set(entry.nid, { nid: entry.nid, entry, served: undefined });
  for (const ns of served) {
    const row = byNid.get(ns.nid);
    if (row) row.served = ns;
    else byNid.set(ns.nid, { nid: ns.nid, entry: undefined, served: ns });
  }
  return [...byNid.values()].sort((a, b) => a.nid.localeCompare(b.nid));
}

function matches(row: Row, query: string): boolean {
  if (query === "") return true;
  const hay = `${row.nid} ${row.entry?.reference ?? ""} ${row.entry?.kind ?? ""}`.toLowerCase();
  return hay.includes(query.toLowerCase());
}

export function namespacesContent(served: readonly Namespace[], query: string): Html {
  const all = rows(served);
  const shown = all.filter((r) => matches(r, query));
  return html`<h1>URN namespaces</h1>
<p>The IANA registry as of ${registry.snapshotDate} (${registry.entries.length} namespaces) and the ${served.length} served here.</p>
<form class="urn-form" method="get" action="/namespaces" role="search">
<label for="q">Search by NID or reference</label>
<div class="row">
<input id="q" name="q" type="search" value="${query}" autocomplete="off" data-filter="ns-table">
<button type="submit">Search</button>
</div>
</form>
<p role="status" id="ns-count">${shown.length} of ${all.length} shown</p>
<div class="table-wrap"><table id="ns-table" class="cards">
<caption class="visually-hidden">Namespaces</caption>
<thead><tr><th scope="col">NID</th><th scope="col">IANA</th><th scope="col">Reference</th><th scope="col">Rules</th><th scope="col">Here</th></tr></thead>
<tbody>${shown.map(
    (r) =>
      html`<tr data-search="${`${r.nid} ${r.entry?.reference ?? ""} ${r.entry?.kind ?? ""}`.toLowerCase()}"><td data-label="NID"><a href="${`/namespaces/${r.nid}`}"><code>${r.nid}</code></a></td><td data-label="IANA">${r.entry?.kind ?? "not registered"}</td><td data-label="Reference" class="ref">${r.entry?.reference ?? "—"}</td><td data-label="Rules">${ruleFor(r.nid) ? "checked" : "syntax only"}</td><td data-label="Here">${r.served ? (r.served.local ? "served (local)" : "served") : "—"}</td></tr>`,
  )}</tbody></table></div>`;
}

/** Web addresses and RFC numbers in a registry reference ("[RFC3187]", "<https://…>"). */
const LINKABLE = /https?:\/\/[^\s<>\]]+|\bRFC ?(\d{1,5})\b/g;

/** The registry entry's reference with its web addresses and RFC numbers as links. */
function references(entry: RegistryEntry): Html {
  const parts: (Html | string)[] = [];
  let last = 0;
  for (const m of entry.reference.matchAll(LINKABLE)) {
    const href = m[1] === undefined ? m[0] : `https://www.rfc-editor.org/rfc/rfc${m[1]}`;
    parts.push(entry.reference.slice(last, m.index), html`<a href="${href}">${m[0]}</a>`);
    last = m.index + m[0].length;
  }
  parts.push(entry.reference.slice(last));
  return html`${parts}`;
}

function policy(ns: Namespace, revisions: readonly TemplateRevision[]): Html {
  const mint = ns.mint;
  return html`<section aria-labelledby="h-here"><h2 id="h-here">Served here</h2>
<dl class="facts">
<dt>Kind</dt><dd>${
    ns.local
      ? "local: served whether or not IANA registered it, and without enforcing its namespace rules"
      : "registered with IANA; registrations must pass its namespace rules"
  }</dd>
<dt>Minting</dt><dd>${
    mint === null
      ? "no minting policy"
      : html`prefix <code>${mint.prefix}</code>, ${mint.width}-digit sequence${mint.check === "mod11-2" ? ", ISO 7064 MOD 11-2 check character" : ""}`
  }</dd>
<dt>Redirect</dt><dd>${ns.redirectStatus}, cached at most ${ns.maxAge} s</dd>
<dt>Delegation</dt><dd>${
    ns.delegate.length === 0
      ? "none"
      : html`<ul>${ns.delegate.map((d) => html`<li><code>${d.prefix || `urn:${ns.nid}:`}</code> → <code>${d.url}</code></li>`)}</ul>`
  }</dd>
</dl>
<h3>Registration template${ns.template === null ? "" : ` (revision ${ns.templateRevision})`}</h3>
${ns.template === null ? html`<p>No template stored.</p>` : html`<pre class="template">${ns.template}</pre>`}
${
  revisions.length > 1
    ? html`<details><summary>Earlier revisions (${revisions.length - 1})</summary>${revisions
        .filter((r) => r.revision !== ns.templateRevision)
        .map(
          (r) =>
            html`<h4>Revision ${r.revision}, ${when(r.created)}</h4><pre class="template">${r.template ?? "(none)"}</pre>`,
        )}</details>`
    : ""
}
</section>`;
}

export function namespaceContent(
  nid: string,
  served: Namespace | null,
  revisions: readonly TemplateRevision[],
): Html {
  const entry = registry.get(nid);
  const rule = ruleFor(nid);
  return html`<h1>Namespace <code>urn:${nid}:</code></h1>
<section aria-labelledby="h-iana"><h2 id="h-iana">IANA registry</h2>
${
  entry === undefined
    ? html`<p>Not in the IANA registry of ${registry.snapshotDate}.</p>`
    : html`<dl class="facts"><dt>Kind</dt><dd>${entry.kind === "formal" ? "formal (RFC 8141 §5.1)" : "informal (RFC 8141 §5.2)"}</dd>
<dt>Reference</dt><dd>${references(entry)}</dd>
${entry.date ? html`<dt>Recorded</dt><dd>${entry.date}</dd>` : ""}
${entry.note ? html`<dt>Note</dt><dd>${entry.note}</dd>` : ""}</dl>`
}
</section>
<section aria-labelledby="h-rules"><h2 id="h-rules">Rules</h2>
<p>${
    rule === undefined
      ? "urnkit knows no rules of its own for this namespace: URNs are checked against RFC 8141 syntax and compared with the generic equivalence of §3.1."
      : served?.local
        ? "urnkit knows this namespace's own syntax (and check digits where it has them) and the inspector reports on them; this server serves it as a local namespace, so registrations here are checked against RFC 8141 syntax only. URNs are still compared with the namespace's equivalence rules."
        : "urnkit checks this namespace's own syntax (and check digits where it has them) and compares its URNs with the namespace's equivalence rules; the inspector lists what it finds."
  }</p>
</section>
${served === null ? html`<p>Not served here.</p>` : policy(served, revisions)}`;
}
