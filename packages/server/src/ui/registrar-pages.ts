// The registrar's pages: register a URN by hand or mint the next one by a namespace's policy,
// then manage a record: locators (add, reorder by priority, retire), metadata, and the lifecycle
// reserved → active → deactivated with reason and successor (RFC 8141 §1.1: never reassigned).

import type { Namespace } from "../storage/namespaces.js";
import type { UrnRecord } from "../storage/records.js";
import { type Html, html } from "./html.js";
import { csrfField } from "./layout.js";
import { editHref, recordHref } from "./links.js";
import { statusBadge } from "./record-page.js";
import type { Session } from "./session.js";

/** What the register form had in it, to show it again with the error. */
export interface RegisterValues {
  urn: string;
  status: string;
  url: string;
  mediaType: string;
  metadata: string;
}

export const EMPTY_REGISTER: RegisterValues = {
  urn: "",
  status: "active",
  url: "",
  mediaType: "",
  metadata: "",
};

function errorBox(id: string, error: string | null): Html {
  return error ? html`<p class="error-box" role="alert" id="${id}">${error}</p>` : html``;
}

function statusSelect(id: string, value: string): Html {
  return html`<label for="${id}">Status</label>
<select id="${id}" name="status">
<option value="active"${value === "active" ? html` selected` : ""}>active</option>
<option value="reserved"${value === "reserved" ? html` selected` : ""}>reserved</option>
</select>`;
}

export function registrarContent(
  session: Session,
  namespaces: readonly Namespace[],
  values: RegisterValues,
  errors: { register?: string | null; mint?: string | null; find?: string | null },
): Html {
  const token = session.token;
  const mintable = namespaces.filter(
    (ns) => ns.mint !== null && (token?.namespace == null || token.namespace === ns.nid),
  );
  return html`<h1>Registrar</h1>
<p>Signed in with token #${token?.id ?? ""} (${token?.role ?? ""}${token?.namespace ? `, namespace ${token.namespace}` : ", all namespaces"}${token?.organisation ? `, organisation ${token.organisation}` : ""}). <a href="/registrar/prefixes">Prefixes</a>${token?.role === "admin" && token.organisation === null ? html` · <a href="/admin">Administration</a>` : ""}</p>
<div class="panels">
<section class="panel" aria-labelledby="h-mint"><h2 id="h-mint">Mint a URN</h2>
${
  mintable.length === 0
    ? html`<p>No namespace you may write in has a minting policy.</p>`
    : html`<form class="stack" method="post" action="/registrar/mint">
${csrfField(session)}
${errorBox("mint-error", errors.mint ?? null)}
<label for="mint-nid">Namespace</label>
<select id="mint-nid" name="nid"${errors.mint ? html` aria-describedby="mint-error"` : ""}>${mintable.map((ns) => html`<option value="${ns.nid}">${ns.nid}</option>`)}</select>
${statusSelect("mint-status", "active")}
<label for="mint-url">Locator URL (optional)</label>
<input id="mint-url" name="url" type="url" inputmode="url" placeholder="https://">
<button type="submit">Mint</button>
</form>`
}
</section>
<section class="panel" aria-labelledby="h-register"><h2 id="h-register">Register a URN</h2>
<form class="stack" method="post" action="/registrar/register">
${csrfField(session)}
${errorBox("register-error", errors.register ?? null)}
<label for="reg-urn">URN</label>
<input id="reg-urn" name="urn" type="text" value="${values.urn}" spellcheck="false" autocapitalize="off" required${errors.register ? html` aria-describedby="register-error"` : ""}>
${statusSelect("reg-status", values.status)}
<label for="reg-url">Locator URL (optional)</label>
<input id="reg-url" name="url" type="url" inputmode="url" value="${values.url}" placeholder="https://">
<label for="reg-type">Locator media type (optional)</label>
<input id="reg-type" name="mediaType" type="text" value="${values.mediaType}" placeholder="text/html">
<label for="reg-meta">Metadata (a JSON object, optional)</label>
<textarea id="reg-meta" name="metadata" rows="4" spellcheck="false">${values.metadata}</textarea>
<button type="submit">Register</button>
</form>
</section>
<section class="panel" aria-labelledby="h-find"><h2 id="h-find">Manage a URN</h2>
<form class="stack" method="get" action="/registrar/find">
${errorBox("find-error", errors.find ?? null)}
<label for="find-urn">URN</label>
<input id="find-urn" name="urn" type="text" spellcheck="false" autocapitalize="off" required>
<button type="submit">Open</button>
</form>
</section>
</div>`;
}

function locatorRows(record: UrnRecord): Html {
  // In resolution order, as the store gives them.
  const active = record.locators.filter((l) => l.active);
  const row = (i: number, url: string, priority: number, mediaType: string, isNew: boolean) =>
    html`<fieldset class="locator" data-locator>
<legend>${isNew ? "New locator" : `Locator ${i + 1}`}</legend>
<label for="${`loc-url-${i}`}">URL</label>
<input id="${`loc-url-${i}`}" name="url" type="url" inputmode="url" value="${url}"${isNew ? html` placeholder="https://"` : html` required`}>
<div class="row">
<div><label for="${`loc-pri-${i}`}">Priority (higher first)</label>
<input id="${`loc-pri-${i}`}" name="priority" type="number" step="1" value="${priority}" data-priority></div>
<div><label for="${`loc-type-${i}`}">Media type</label>
<input id="${`loc-type-${i}`}" name="mediaType" type="text" value="${mediaType}"></div>
</div>
</fieldset>`;
  const lowest = active.reduce((m, l) => Math.min(m, l.priority), 1);
  return html`${active.map((l, i) => row(i, l.url, l.priority, l.mediaType ?? "", false))}${row(active.length, "", lowest - 1, "", true)}`;
}

export function manageContent(session: Session, record: UrnRecord, error: string | null): Html {
  const open = record.status !== "deactivated";
  return html`<h1 class="urn-heading"><span class="visually-hidden">Manage </span><code>${record.urn}</code></h1>
<p class="status-line">Status: ${statusBadge(record.status)} · <a href="${recordHref(record.urn)}">public record page</a></p>
${errorBox("manage-error", error)}
${
  open
    ? html`<section aria-labelledby="h-locators"><h2 id="h-locators">Locators</h2>
<p class="hint">Resolution goes to the active locator with the highest priority. Clear a URL to retire that locator (it stays in the history). With JavaScript, the Move up and Move down buttons reorder the list too.</p>
<form class="stack" method="post" action="${editHref(record.urn)}" data-locators>
${csrfField(session)}
<input type="hidden" name="action" value="locators">
${locatorRows(record)}
<button type="submit">Save locators</button>
</form>
</section>
<section aria-labelledby="h-metadata"><h2 id="h-metadata">Metadata</h2>
<form class="stack" method="post" action="${editHref(record.urn)}">
${csrfField(session)}
<input type="hidden" name="action" value="metadata">
<label for="metadata">Metadata (a JSON object; empty clears it)</label>
<textarea id="metadata" name="metadata" rows="8" spellcheck="false">${record.metadata === null ? "" : JSON.stringify(record.metadata, null, 2)}</textarea>
<button type="submit">Save metadata</button>
</form>
</section>`
    : html`<p>This URN is deactivated: its locators and metadata are kept as they were, and it can never be reassigned.</p>`
}
${
  record.status === "reserved"
    ? html`<section aria-labelledby="h-activate"><h2 id="h-activate">Activate</h2>
<form method="post" action="${editHref(record.urn)}">
${csrfField(session)}
<input type="hidden" name="action" value="activate">
<button type="submit">Activate this URN</button>
</form></section>`
    : ""
}
${
  open
    ? html`<section aria-labelledby="h-deactivate"><h2 id="h-deactivate">Deactivate</h2>
<p class="hint">Deactivation is final. With a successor, resolution redirects there (301); without, it answers 410 with a tombstone.</p>
<form class="stack" method="post" action="${editHref(record.urn)}" data-confirm="Deactivate this URN? This cannot be undone.">
${csrfField(session)}
<input type="hidden" name="action" value="deactivate">
<input type="hidden" name="confirmed" value="" data-confirmed>
<label for="reason">Reason</label>
<input id="reason" name="reason" type="text" required maxlength="4096">
<label for="successor">Successor URN (optional)</label>
<input id="successor" name="successor" type="text" spellcheck="false" autocapitalize="off">
<button type="submit" class="danger">Deactivate</button>
</form></section>`
    : ""
}`;
}

/**
 * The step that makes deactivation deliberate without JavaScript: what will happen, the reason and
 * successor as entered, and one button that deactivates (with script, the form's own confirmation
 * dialog stands for this page).
 */
export function confirmDeactivationContent(
  session: Session,
  record: UrnRecord,
  reason: string,
  successor: string,
): Html {
  return html`<h1>Deactivate <code>${record.urn}</code>?</h1>
<div class="warning-box" role="note">
<p><strong>This is final.</strong> A URN is never activated again and never reassigned (RFC 8141 §1.1).</p>
<p>${
    successor === ""
      ? "Without a successor, resolution will answer 410 Gone with a tombstone."
      : html`Resolution will redirect to <code>${successor}</code> (301).`
  }</p>
</div>
<dl class="facts"><dt>Reason</dt><dd>${reason}</dd>${successor === "" ? "" : html`<dt>Successor</dt><dd><code>${successor}</code></dd>`}</dl>
<form class="stack" method="post" action="${editHref(record.urn)}">
${csrfField(session)}
<input type="hidden" name="action" value="deactivate">
<input type="hidden" name="confirmed" value="yes">
<input type="hidden" name="reason" value="${reason}">
<input type="hidden" name="successor" value="${successor}">
<button type="submit" class="danger">Deactivate permanently</button>
</form>
<p><a href="${editHref(record.urn)}">Cancel and go back</a></p>`;
}
