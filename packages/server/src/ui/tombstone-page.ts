// The tombstone of a deactivated URN without successor: the HTML answer of 410 Gone (RFC 9110
// §15.5.11) that resolution sends to browsers, and the same facts on the record page's link.

import { type Html, html } from "./html.js";
import { page } from "./layout.js";
import { recordHref } from "./links.js";
import { statusBadge, when } from "./record-page.js";

/** The tombstone: what a deactivated URN without successor answers (410 Gone, RFC 9110 §15.5.11). */
function tombstoneContent(urn: string, reason: string | null, date: string | null): Html {
  return html`<div class="tombstone">
<h1><span class="visually-hidden">Deactivated: </span><code>${urn}</code></h1>
<p class="status-line">${statusBadge("deactivated")} This URN no longer identifies an available resource.</p>
<dl class="facts">
<dt>Reason</dt><dd>${reason ?? "none given"}</dd>
<dt>Deactivated on</dt><dd>${date === null ? "unknown" : when(date)}</dd>
</dl>
<p>A URN is never reassigned (RFC 8141 §1.1): this name will not identify anything else.</p>
<p><a href="${recordHref(urn)}">See the full record</a></p>
</div>`;
}

/** The whole tombstone page; resolution has no session, so the page shows the public frame. */
export function tombstonePage(urn: string, reason: string | null, date: string | null): string {
  return page({ title: `Deactivated: ${urn}`, session: null }, tombstoneContent(urn, reason, date))
    .text;
}
