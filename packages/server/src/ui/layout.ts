// The frame every page of the web UI shares: language, viewport, icon, skip link, navigation
// (Administration for administrators of any scope only) and one landmark per region (WCAG 2.1
// SC 2.4.1 bypass blocks, 1.3.1 info and relationships).

import { type Html, html, type Value } from "./html.js";
import type { Session } from "./session.js";

export interface PageOptions {
  title: string;
  session: Session | null;
  /** Which navigation entry is the current page. */
  current?: "home" | "inspect" | "search" | "namespaces" | "stats" | "registrar" | "admin";
  /** A one-time notice shown above the content (announced to screen readers). */
  flash?: string | null;
  /** Asks robots not to index (registrar pages, tombstones of individual URNs need not be). */
  noindex?: boolean;
}

function navLink(href: string, label: string, here: boolean): Html {
  return html`<li><a href="${href}"${here ? html` aria-current="page"` : ""}>${label}</a></li>`;
}

export function page(options: PageOptions, content: Value): Html {
  const { title, session, current } = options;
  const signedIn = session?.token != null;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.noindex ? html`<meta name="robots" content="noindex">` : ""}
<title>${title} · urnkit</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/assets/ui.css">
<script src="/assets/ui.js" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site">
<a class="brand" href="/">urnkit</a>
<nav aria-label="Main">
<ul>
${navLink("/", "Resolve", current === "home")}
${navLink("/inspect", "Inspect", current === "inspect")}
${navLink("/search", "Search", current === "search")}
${navLink("/namespaces", "Namespaces", current === "namespaces")}
${navLink("/stats", "Statistics", current === "stats")}
${navLink(signedIn ? "/registrar" : "/sign-in", signedIn ? "Registrar" : "Sign in", current === "registrar")}
${session?.token?.role === "admin" ? navLink("/admin", "Administration", current === "admin") : ""}
</ul>
</nav>
${
  signedIn && session
    ? html`<form class="sign-out" method="post" action="/sign-out">
<input type="hidden" name="csrf" value="${session.csrf}">
<button type="submit">Sign out</button>
</form>`
    : ""
}
</header>
<main id="main" tabindex="-1">
${options.flash ? html`<p class="flash" role="status">${options.flash}</p>` : ""}
${content}
</main>
<footer class="site"><p>URNs as RFC 8141 defines them. Every page here works without JavaScript.</p></footer>
</body>
</html>
`;
}

/** The hidden field every POST form carries (checked by the registrar routes). */
export function csrfField(session: Session): Html {
  return html`<input type="hidden" name="csrf" value="${session.csrf}">`;
}
