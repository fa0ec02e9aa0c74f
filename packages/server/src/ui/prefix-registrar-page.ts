// The registrar's page per prefix: the prefixes of the signed-in token's organisation, each with
// mint, reserve and register forms, then the organisation's reservations and its records. A token
// without organisation sees the prefixes its namespace scope covers, and no lists.

import type { OrganisationRecord } from "../storage/organisations.js";
import type { Prefix } from "../storage/prefixes.js";
import { type Html, html } from "./html.js";
import { csrfField } from "./layout.js";
import { editHref } from "./links.js";
import type { Session } from "./session.js";

function records(title: string, id: string, list: readonly OrganisationRecord[]): Html {
  return html`<section aria-labelledby="${id}"><h2 id="${id}">${title}</h2>
${
  list.length === 0
    ? html`<p>None yet.</p>`
    : html`<ul>${list.map((r) => html`<li><a href="${editHref(r.urn)}"><code>${r.urn}</code></a> ${r.status} · ${r.created.slice(0, 10)}</li>`)}</ul>`
}
</section>`;
}

function prefixPanel(session: Session, p: Prefix, error: string | null): Html {
  const id = encodeURIComponent(p.prefix).replace(/%/g, "_");
  return html`<section class="panel" aria-labelledby="h-${id}">
<h2 id="h-${id}"><code>${p.prefix}</code></h2>
<p>Modes: ${p.modes.join(", ")} · next number ${p.next} · check ${p.check}${p.urls.length > 0 ? ` · locators under ${p.urls.join(", ")}` : ""}${p.naming ? ` · names match ${p.naming}` : ""}</p>
${error ? html`<p class="error-box" role="alert">${error}</p>` : ""}
${
  p.modes.includes("resolver")
    ? html`<form class="stack" method="post" action="/registrar/prefixes/mint">
${csrfField(session)}<input type="hidden" name="prefix" value="${p.prefix}">
<label for="mint-url-${id}">Locator URL (optional)</label>
<input id="mint-url-${id}" name="url" type="url" inputmode="url" placeholder="https://">
<button type="submit">Mint the next URN</button>
</form>`
    : ""
}
${
  p.modes.includes("reservation")
    ? html`<form class="stack" method="post" action="/registrar/prefixes/reserve">
${csrfField(session)}<input type="hidden" name="prefix" value="${p.prefix}">
<label for="count-${id}">How many to reserve (1–1000)</label>
<input id="count-${id}" name="count" type="number" min="1" max="1000" value="10" required>
<button type="submit">Reserve</button>
</form>`
    : ""
}
<form class="stack" method="post" action="/registrar/register">
${csrfField(session)}
<label for="urn-${id}">Register a URN of this prefix</label>
<input id="urn-${id}" name="urn" type="text" value="${p.prefix}" spellcheck="false" autocapitalize="off" required>
<input type="hidden" name="status" value="active">
<label for="url-${id}">Locator URL (optional)</label>
<input id="url-${id}" name="url" type="url" inputmode="url" placeholder="https://">
<button type="submit">Register</button>
</form>
</section>`;
}

export function prefixRegistrarContent(
  session: Session,
  prefixes: readonly Prefix[],
  reservations: readonly OrganisationRecord[] | null,
  recent: readonly OrganisationRecord[] | null,
  error: { prefix: string; text: string } | null,
): Html {
  const org = session.token?.organisation ?? null;
  return html`<h1>Prefixes</h1>
<p>${org === null ? "Signed in without an organisation: the prefixes your token's scope covers." : html`Organisation <strong>${org}</strong>: its prefixes, reservations and records.`} <a href="/registrar">Back to the registrar page</a>.</p>
${
  error !== null && !prefixes.some((p) => p.prefix === error.prefix)
    ? html`<p class="error-box" role="alert">${error.text}</p>`
    : ""
}
${prefixes.length === 0 ? html`<p>No prefix to write in.</p>` : html`<div class="panels">${prefixes.map((p) => prefixPanel(session, p, error?.prefix === p.prefix ? error.text : null))}</div>`}
${reservations === null ? "" : records("Reservations", "h-reservations", reservations)}
${recent === null ? "" : records("Records", "h-records", recent)}`;
}
