// "Resolve it elsewhere": the public resolvers for a URN this server does not serve, as links, best
// first, each marked with its status in words. The 404 page and the inspector show it; it lists the
// same candidates `serve --delegate-public` redirects to (public-delegation.ts).

import type { AnswerKind, PublicResolverCandidate } from "@urnkit/namespaces";
import { type Html, html } from "./html.js";

const ANSWERS: Record<AnswerKind, string> = {
  redirect: "redirects to the resource",
  "landing-page": "shows a landing page",
  "uri-list": "lists locations",
};

function item(c: PublicResolverCandidate): Html {
  const confirmed = c.confirmed === null ? "" : `, last confirmed ${c.confirmed}`;
  return html`<li><a href="${c.url}" rel="nofollow">${c.name}</a> <span class="badge ${c.status === "live" ? "ok" : "warn"}">${c.status}</span> <span class="note">${c.operator}; ${ANSWERS[c.kind]}${confirmed}</span></li>`;
}

/** The section, or nothing when there are no candidates. */
export function elsewhereSection(candidates: readonly PublicResolverCandidate[]): Html | null {
  if (candidates.length === 0) return null;
  return html`<section aria-labelledby="h-elsewhere"><h2 id="h-elsewhere">Resolve it elsewhere</h2>
<p>This resolver does not serve the namespace. These public resolvers may know the URN, best first. They come from a curated table that ages: <em>live</em> means a source showed the service working, <em>unverified</em> that none did.</p>
<ul class="elsewhere">${candidates.map(item)}</ul>
</section>`;
}
