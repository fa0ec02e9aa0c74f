// The administrator's pages: the namespaces served, the organisations, their prefixes, and API
// tokens (listed, live and revoked; created and shown once, or revoked). Server-rendered forms, no JavaScript needed; every
// form carries the session's CSRF token.

import type { Namespace } from "../storage/namespaces.js";
import type { Organisation } from "../storage/organisations.js";
import type { Prefix } from "../storage/prefixes.js";
import type { TokenListing } from "../storage/tokens.js";
import { type Html, html } from "./html.js";
import { csrfField } from "./layout.js";
import { when } from "./record-page.js";
import type { Session } from "./session.js";

export type AdminSection = "namespaces" | "organisations" | "prefixes" | "tokens";

/** A refusal shown under the form of its section, or a new token shown once. */
export interface AdminNotes {
  errors?: Partial<Record<AdminSection, string>>;
  newToken?: { id: number; token: string } | null;
}

function errorBox(error: string | undefined): Html {
  return error ? html`<p class="error-box" role="alert">${error}</p>` : html``;
}

function select(id: string, name: string, options: readonly string[], empty?: string): Html {
  return html`<select id="${id}" name="${name}">${empty === undefined ? "" : html`<option value="">${empty}</option>`}${options.map((o) => html`<option value="${o}">${o}</option>`)}</select>`;
}

/**
 * What the signed-in administrator may see and do: the sections shown (access.ts decides), and
 * the organisations a new token may act for ("none" offered only to the registry's).
 */
export interface AdminView {
  sections: ReadonlySet<AdminSection>;
  namespaces: readonly Namespace[];
  organisations: readonly Organisation[];
  prefixes: readonly Prefix[];
  tokens: readonly TokenListing[];
  tokenOrganisations: { ids: readonly string[]; none: boolean };
}

export function adminContent(session: Session, view: AdminView, notes: AdminNotes): Html {
  const { sections, namespaces, organisations, prefixes, tokens, tokenOrganisations } = view;
  const errors = notes.errors ?? {};
  const orgIds = organisations.map((o) => o.id);
  return html`<h1>Administration</h1>
${
  notes.newToken
    ? html`<p class="flash" role="status">Token #${notes.newToken.id}, shown this once: <code>${notes.newToken.token}</code></p>`
    : ""
}
${
  sections.has("namespaces")
    ? html`<section aria-labelledby="h-ns"><h2 id="h-ns">Namespaces</h2>
<ul>${namespaces.map((ns) => html`<li><code>urn:${ns.nid}:</code>${ns.local ? " (local)" : ""}</li>`)}</ul>
<form class="stack" method="post" action="/admin/namespaces">
${csrfField(session)}${errorBox(errors.namespaces)}
<label for="ns-nid">NID</label><input id="ns-nid" name="nid" type="text" required spellcheck="false" autocapitalize="off">
<label><input type="checkbox" name="local" value="1"> local (not registered with IANA)</label>
<button type="submit">Serve the namespace</button>
</form>
</section>`
    : ""
}${
  sections.has("organisations")
    ? html`<section aria-labelledby="h-orgs"><h2 id="h-orgs">Organisations</h2>
<div class="table-wrap"><table class="cards"><caption class="visually-hidden">Organisations</caption>
<thead><tr><th scope="col">id</th><th scope="col">name</th><th scope="col">contact</th><th scope="col">state</th></tr></thead>
<tbody>${organisations.map(
        (
          o,
        ) => html`<tr><td data-label="id"><code>${o.id}</code></td><td data-label="name">${o.name}</td><td data-label="contact">${o.contact ?? ""}</td><td data-label="state">
<form method="post" action="/admin/organisations/active"${o.active ? html` data-confirm="Deactivate ${o.id}? Its tokens and sessions stop working."` : ""}>${csrfField(session)}
<input type="hidden" name="id" value="${o.id}"><input type="hidden" name="active" value="${o.active ? "0" : "1"}">
${o.active ? "active" : "deactivated"} <button type="submit"${o.active ? html` class="danger"` : ""}>${o.active ? "Deactivate" : "Activate"} ${o.id}</button></form></td></tr>`,
      )}</tbody></table></div>
<form class="stack" method="post" action="/admin/organisations">
${csrfField(session)}${errorBox(errors.organisations)}
<label for="org-id">Id (lowercase letters, digits, hyphens; never changed)</label><input id="org-id" name="id" type="text" required spellcheck="false" autocapitalize="off">
<label for="org-name">Name</label><input id="org-name" name="name" type="text" required>
<label for="org-contact">Contact (optional)</label><input id="org-contact" name="contact" type="text">
<button type="submit">Create the organisation</button>
</form>
</section>`
    : ""
}${
  sections.has("prefixes")
    ? html`<section aria-labelledby="h-prefixes"><h2 id="h-prefixes">Prefixes</h2>
<div class="table-wrap"><table class="cards"><caption class="visually-hidden">Prefixes</caption>
<thead><tr><th scope="col">prefix</th><th scope="col">organisation</th><th scope="col">modes</th><th scope="col">check</th><th scope="col">next</th></tr></thead>
<tbody>${prefixes.map((p) => html`<tr><td data-label="prefix"><code>${p.prefix}</code></td><td data-label="organisation">${p.organisation}</td><td data-label="modes">${p.modes.join(", ")}</td><td data-label="check">${p.check}</td><td data-label="next">${p.next}</td></tr>`)}</tbody></table></div>
<form class="stack" method="post" action="/admin/prefixes">
${csrfField(session)}${errorBox(errors.prefixes)}
<label for="p-prefix">Prefix (starting urn:&lt;nid&gt;:)</label><input id="p-prefix" name="prefix" type="text" required spellcheck="false" autocapitalize="off">
<label for="p-org">Organisation</label>${select("p-org", "organisation", orgIds)}
<fieldset><legend>Registration modes</legend>
<label><input type="checkbox" name="modes" value="resolver" checked> resolver (urnkit mints)</label>
<label><input type="checkbox" name="modes" value="reservation" checked> reservation</label>
<label><input type="checkbox" name="modes" value="registrar" checked> registrar (the client names)</label>
</fieldset>
<label for="p-check">Check character</label>${select("p-check", "check", ["none", "mod11-2", "nbn"])}
<label for="p-width">Digits of a minted number</label><input id="p-width" name="width" type="number" min="1" max="30" value="6">
<label for="p-naming">Naming policy: a regular expression for the rest of the NSS (optional)</label><input id="p-naming" name="naming" type="text" spellcheck="false">
<label for="p-urls">URL policy: URL prefixes or host names, one a line (optional)</label><textarea id="p-urls" name="urls" rows="3" spellcheck="false"></textarea>
<label for="p-delegate">Delegate resolver URL with {urn} (optional)</label><input id="p-delegate" name="delegate" type="url" spellcheck="false">
<label><input type="checkbox" name="mirrors" value="1"> other organisations may attach their own locators</label>
<button type="submit">Create the prefix</button>
</form>
</section>`
    : ""
}${
  sections.has("tokens")
    ? html`<section aria-labelledby="h-tokens"><h2 id="h-tokens">Tokens</h2>
<div class="table-wrap"><table class="cards"><caption class="visually-hidden">Tokens, live and revoked</caption>
<thead><tr><th scope="col">id</th><th scope="col">role</th><th scope="col">scope</th><th scope="col">label</th><th scope="col">created</th><th scope="col">revoked</th></tr></thead>
<tbody>${tokens.map(
        (t) =>
          html`<tr><td data-label="id">${t.id}</td><td data-label="role">${t.role}</td><td data-label="scope">${t.organisation ? html`organisation <code>${t.organisation}</code>` : t.namespace ? html`namespace <code>${t.namespace}</code>` : "server-wide"}</td><td data-label="label">${t.label ?? ""}</td><td data-label="created">${when(t.created)}</td><td data-label="revoked">${t.revoked === null ? "live" : when(t.revoked)}</td></tr>`,
      )}</tbody></table></div>
<form class="stack" method="post" action="/admin/tokens">
${csrfField(session)}${errorBox(errors.tokens)}
<label for="t-role">Role</label>${select("t-role", "role", ["registrar", "reader", "admin"])}
<label for="t-org">Organisation${tokenOrganisations.none ? " (optional)" : ""}</label>${select("t-org", "organisation", tokenOrganisations.ids, tokenOrganisations.none ? "none" : undefined)}
<label for="t-ns">Namespace (optional)</label>${select(
        "t-ns",
        "namespace",
        namespaces.map((n) => n.nid),
        "all",
      )}
<label for="t-label">Label (optional)</label><input id="t-label" name="label" type="text">
<button type="submit">Create a token</button>
</form>
<form class="stack" method="post" action="/admin/tokens/revoke" data-confirm="Revoke this token? This cannot be undone.">
${csrfField(session)}
<label for="t-id">Revoke the token with id</label><input id="t-id" name="id" type="number" min="1" required>
<button type="submit" class="danger">Revoke</button>
</form>
</section>`
    : ""
}`;
}
