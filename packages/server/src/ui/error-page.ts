// What a browser sees when resolution (or any path outside the API) cannot answer: the same status
// as the problem detail a program gets, as a page that says what went wrong and where to go on.
// A malformed URN gets the inspector's explanation (where and why, and what would be right); a URN
// in a namespace not served here, the public resolvers that may know it.

import { STATUS_CODES } from "node:http";
import { URN } from "@urnkit/core";
import type { PublicResolverCandidate } from "@urnkit/namespaces";
import type { Problem } from "../http/problem.js";
import { elsewhereSection } from "./elsewhere-section.js";
import { type Html, html } from "./html.js";
import { syntaxErrorBox } from "./inspect-page.js";
import { page } from "./layout.js";
import { inspectHref, recordHref } from "./links.js";

function ways(links: Html[]): Html {
  return html`<ul class="ways-on">${links.map((l) => html`<li>${l}</li>`)}</ul>`;
}

const home = html`<a href="/">Resolve another URN</a>`;
const namespaces = html`<a href="/namespaces">The namespaces served here</a>`;

function content(
  problem: Problem,
  input: string | null,
  elsewhere: readonly PublicResolverCandidate[],
  writing: boolean,
): { title: string; body: Html } {
  const urn = typeof problem.urn === "string" ? problem.urn : input;
  const inspect = (text: string) =>
    html`<a href="${inspectHref(text)}">Inspect <code>${text}</code></a>`;
  const error = input === null ? null : URN.validate(input);
  if (input !== null && error !== null)
    return {
      title: "Not a URN",
      body: html`<h1>Not a URN</h1>
<p>This resolver answers URNs (RFC 8141), and <code>${input}</code> is not one.</p>
${syntaxErrorBox(input, error)}
${ways([inspect(input), home])}`,
    };
  switch (problem.code) {
    case "unknown-urn":
      return {
        title: "Not registered here",
        body: html`<h1>Not registered here</h1>
<p><code>${urn ?? ""}</code> is a well-formed URN, but this resolver holds no record of it.</p>
${elsewhereSection(elsewhere)}${ways([...(urn === null ? [] : [inspect(urn)]), namespaces, home])}`,
      };
    case "reserved":
    case "no-locator":
      return {
        title: problem.code === "reserved" ? "Reserved, not yet in use" : "No active locator",
        body: html`<h1>${problem.code === "reserved" ? "Reserved, not yet in use" : "No active locator"}</h1>
<p>${problem.detail}</p>
${ways([...(urn === null ? [] : [html`<a href="${recordHref(urn)}">See the record</a>`]), home])}`,
      };
    case "database-unavailable":
      // A write while the primary is away (restarted, failed over): resolution and the public
      // pages may go on from a replica, so the registry is read-only rather than down.
      return writing
        ? {
            title: "Read-only for now",
            body: html`<h1>The registry is read-only for now</h1>
<p>Its database cannot take changes at the moment (it is being restarted or switched over), so this change was not confirmed. URNs still resolve. Try again in a few seconds.</p>
${ways([home])}`,
          }
        : {
            title: "Unavailable for now",
            body: html`<h1>Unavailable for now</h1>
<p>The registry's database cannot be reached at the moment. Try again in a few seconds.</p>
${ways([home])}`,
          };
    case "not-found":
      return {
        title: "Nothing here",
        body: html`<h1>Nothing here</h1>
<p>There is no page at this address. URNs resolve at <code>/urn:…</code>.</p>
${ways([home, html`<a href="/inspect">Inspect a URN</a>`, namespaces])}`,
      };
    default: {
      const title = STATUS_CODES[problem.status] ?? "Error";
      return {
        title,
        body: html`<h1>${title}</h1>
<p>${problem.detail}</p>
${ways([...(urn === null ? [] : [inspect(urn)]), home])}`,
      };
    }
  }
}

/**
 * The page for `problem`; `input` is the URN the request named, when it named one, and `elsewhere`
 * the public resolvers to offer for a URN not served here.
 */
export function errorPage(
  problem: Problem,
  input: string | null,
  elsewhere: readonly PublicResolverCandidate[] = [],
  writing = false,
): string {
  const { title, body } = content(problem, input, elsewhere, writing);
  return page(
    { title, session: null, noindex: true },
    html`${body}<p class="note">${problem.status} ${STATUS_CODES[problem.status] ?? ""} · <code>${problem.code}</code></p>`,
  ).text;
}
