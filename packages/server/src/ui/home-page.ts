// The home page: one box that resolves a URN (RFC 8141 §1.2.1) or inspects it, or finds the URNs
// of a web address, and the namespaces this server assigns names in.

import type { Namespace } from "../storage/namespaces.js";
import { type Html, html } from "./html.js";

/**
 * What the box's hint offers to try: a URN registered here, else the namespaces served here,
 * else nothing (a URN this server does not serve would only be "not registered here").
 */
function example(namespaces: readonly Namespace[], registered: string | null): Html {
  if (registered !== null) return html`For example <code>${registered}</code>. `;
  if (namespaces.length === 0) return html``;
  const nids = namespaces.slice(0, 3).map((ns) => html`<code>urn:${ns.nid}:</code>`);
  return html`URNs here start with ${nids.map((n, i) => html`${i === 0 ? "" : i === nids.length - 1 ? " or " : ", "}${n}`)}${namespaces.length > 3 ? " and others" : ""}. `;
}

/**
 * `registered`: a URN registered here to offer as an example (null when there is none);
 * `message`: why the URN in `value` was not resolved (the box keeps it for another try).
 */
export function homeContent(
  namespaces: readonly Namespace[],
  registered: string | null,
  message: Html | null,
  value = "",
): Html {
  return html`<h1>Resolve or inspect a URN</h1>
<form class="urn-form" method="get" action="/go">
<label for="urn">URN</label>
<p class="hint" id="urn-hint">${example(namespaces, registered)}Resolve follows it to where the resource is; inspect takes it apart. A web address (<code>https://…</code>) finds the URNs that point to it.</p>
${message ? html`<p class="error-box" role="alert" id="urn-error">${message}</p>` : ""}
<div class="row">
<input id="urn" name="urn" type="text" value="${value}" spellcheck="false" autocapitalize="off" autocomplete="off" required aria-describedby="urn-hint${message ? " urn-error" : ""}">
<button type="submit" name="do" value="resolve">Resolve</button>
<button type="submit" name="do" value="inspect" class="secondary">Inspect</button>
</div>
</form>
<section aria-labelledby="h-served"><h2 id="h-served">Namespaces served here</h2>
${
  namespaces.length === 0
    ? html`<p>None yet.</p>`
    : html`<ul class="ns-list">${namespaces.map(
        (ns) =>
          html`<li><a href="${`/namespaces/${ns.nid}`}"><code>urn:${ns.nid}:</code></a>${ns.local ? html` <span class="badge">local</span>` : ""}${ns.delegate.length > 0 ? html` <span class="badge">delegated</span>` : ""}</li>`,
      )}</ul>`
}
<p><a href="/namespaces">Browse all registered namespaces</a></p>
</section>`;
}
