// The inspector: one URN taken apart as RFC 8141 §2 reads it (scheme, NID, NSS, r-, q- and
// f-component), its verdict under RFC 8141 and RFC 2141, where and why it fails, its canonical
// form and equivalence keys (§3.1), its display form and what that could hide (§4.4, §3.2), the
// NID's class and IANA registration (§5, §7.2), its namespace's own rules (§6.4.2) and, when the
// namespace is not served here, the public resolvers that may know the URN.

import {
  componentName,
  displayWarnings,
  toDisplayString,
  URN,
  type UrnComponent,
  type UrnSyntax,
  type UrnSyntaxError,
} from "@urnkit/core";
import type { PublicResolverCandidate } from "@urnkit/namespaces";
import { checkUrn } from "../registry/namespace-keys.js";
import type { RecordStatus } from "../storage/records.js";
import { elsewhereSection } from "./elsewhere-section.js";
import { type Html, html } from "./html.js";
import { inspectHref, recordHref } from "./links.js";
import { suggestFix } from "./suggest-fix.js";

const SYNTAXES: readonly [UrnSyntax, string][] = [
  ["rfc8141", "RFC 8141"],
  ["rfc2141", "RFC 2141"],
];

/**
 * Display warnings listed in full. Each quotes the stretch of the URN around its character, so
 * listing all of them would make the page grow with the square of the URN's length.
 */
const WARNINGS_SHOWN = 20;

function part(kind: UrnComponent, text: string): Html {
  return html`<span class="part part-${kind}"><span class="part-text">${text}</span><span class="part-label">${componentName(kind)}</span></span>`;
}

const delim = (text: string) => html`<span class="delim">${text}</span>`;

/** The URN with every part in its own colour and labelled (the labels are text, not colour). */
function parts(urn: URN): Html {
  const href = urn.href;
  const out: Html[] = [part("scheme", href.slice(0, 3)), delim(":"), part("nid", urn.nid)];
  out.push(delim(":"), part("nss", urn.nss));
  if (urn.rComponent !== null) out.push(delim("?+"), part("r", urn.rComponent));
  if (urn.qComponent !== null) out.push(delim("?="), part("q", urn.qComponent));
  if (urn.fComponent !== null) out.push(delim("#"), part("f", urn.fComponent));
  return html`<p class="parts" aria-label="The URN's parts">${out}</p>`;
}

/** The input with the error position underlined; past the end, a marked gap stands for it. */
function underlined(input: string, error: UrnSyntaxError): Html {
  const at = Math.min(error.index, input.length);
  const cp = input.codePointAt(at);
  const bad = cp === undefined ? "" : String.fromCodePoint(cp);
  return html`<p class="urn-text error-text"><code>${input.slice(0, at)}<mark class="error-at"><span class="visually-hidden">error here: </span>${bad === "" ? html`<span class="end-gap">&#8203;</span>` : bad}</mark>${input.slice(at + bad.length)}</code></p>`;
}

/** Where and why `input` is not a URN, and what would be right (also on resolution's error page). */
export function syntaxErrorBox(
  input: string,
  error: UrnSyntaxError,
  fix: string | null = suggestFix(input),
): Html {
  return html`<div class="error-box" role="alert">
<p><strong>Not a URN under RFC 8141</strong> at index ${error.index} (${componentName(error.component)}):</p>
${underlined(input, error)}
<p>${error.message}</p>
${fix === null ? "" : html`<p>Would be right: <code class="fix">${fix}</code> <a href="${inspectHref(fix)}">inspect that</a></p>`}
</div>`;
}

function verdict(input: string, syntax: UrnSyntax, name: string): Html {
  const error = URN.validate(input, { syntax });
  if (error === null) return html`<li><span class="badge ok">valid</span> under ${name}</li>`;
  return html`<li><span class="badge bad">invalid</span> under ${name}: ${error.message} <span class="code">(${error.code})</span></li>`;
}

export interface Registered {
  urn: string;
  status: RecordStatus;
}

/**
 * The inspector's content for `input`; null input shows the empty form. `elsewhere`: the public
 * resolvers for a URN not served here.
 */
export function inspectContent(
  input: string | null,
  registered: Registered | null,
  elsewhere: readonly PublicResolverCandidate[] = [],
): Html {
  const form = html`<form class="urn-form" method="get" action="/inspect" role="search">
<label for="urn">URN to inspect</label>
<div class="row">
<input id="urn" name="urn" type="text" value="${input ?? ""}" spellcheck="false" autocapitalize="off" autocomplete="off" required>
<button type="submit">Inspect</button>
</div>
</form>`;
  if (input === null || input === "") return html`<h1>Inspect a URN</h1>${form}`;

  const error = URN.validate(input);
  const legacy = error === null ? null : URN.parse(input, { syntax: "rfc2141" });
  const urn = error === null ? new URN(input) : legacy;
  const fix = error === null ? null : suggestFix(input);
  const sections: (Html | null)[] = [];

  sections.push(html`<section aria-labelledby="h-verdict"><h2 id="h-verdict">Verdict</h2>
<ul class="verdicts">${SYNTAXES.map(([s, name]) => verdict(input, s, name))}</ul>
${error === null ? "" : syntaxErrorBox(input, error, fix)}
</section>`);

  if (urn !== null) {
    sections.push(
      html`<section aria-labelledby="h-parts"><h2 id="h-parts">Parts${error === null ? "" : " (read as RFC 2141)"}</h2>${parts(urn)}</section>`,
    );
    sections.push(forms(urn));
  }
  if (error === null && urn !== null) {
    sections.push(namespaceFacts(input, registered));
    sections.push(elsewhereSection(elsewhere));
  }
  return html`<h1>Inspect a URN</h1>${form}${sections}`;
}

/** Canonical form, keys and the display form with its warnings. */
function forms(urn: URN): Html {
  const display = toDisplayString(urn);
  const warnings = displayWarnings(urn);
  return html`<section aria-labelledby="h-forms"><h2 id="h-forms">Forms</h2>
<dl class="facts">
<dt>Canonical form</dt><dd><code>${urn.normalize().href}</code></dd>
<dt>Equivalence key (RFC 8141 §3.1)</dt><dd><code>${urn.equivalenceKey}</code></dd>
${urn.syntax === "rfc8141" ? html`<dt>Namespace-aware key</dt><dd><code>${checkUrn(urn).namespaceKey ?? ""}</code></dd>` : ""}
<dt>Display form (§4.4)</dt><dd><code class="display-form">${display}</code></dd>
</dl>
${
  warnings.length === 0
    ? html`<p class="note">The display form hides nothing: it shows the same characters the URN spells.</p>`
    : html`<div class="warning-box" role="note"><p><strong>Warning:</strong> the display form can mislead a reader.</p>
<ul>${warnings
        .slice(0, WARNINGS_SHOWN)
        .map(
          (w) =>
            html`<li><span class="badge warn">${w.code}</span> <code>${display.slice(w.display.start, w.display.end)}</code> (<code>${urn.href.slice(w.href.start, w.href.end)}</code> in the URN): ${w.message}</li>`,
        )}</ul>${
        warnings.length > WARNINGS_SHOWN
          ? html`<p>… and ${warnings.length - WARNINGS_SHOWN} more warnings like these.</p>`
          : ""
      }</div>`
}
</section>`;
}

/** NID class, IANA registration, namespace rules, and whether the URN is registered here. */
function namespaceFacts(input: string, registered: Registered | null): Html {
  const report = checkUrn(input);
  const entry = report.registryEntry;
  return html`<section aria-labelledby="h-ns"><h2 id="h-ns">Namespace</h2>
<dl class="facts">
<dt>NID class</dt><dd>${report.nidClass?.kind ?? ""}: ${report.nidClass?.reason ?? ""}</dd>
<dt>IANA registration</dt><dd>${
    entry === undefined
      ? report.registration
      : html`${entry.kind}, <a href="${`/namespaces/${entry.nid}`}">${entry.nid}</a>, reference ${entry.reference}${entry.date ? `, ${entry.date}` : ""}`
  }</dd>
<dt>Registered here</dt><dd>${
    registered === null
      ? "no"
      : html`<a href="${recordHref(registered.urn)}">${registered.urn}</a> (${registered.status})`
  }</dd>
</dl>
<h3>Namespace rules</h3>
${
  report.issues.length === 0
    ? html`<p><span class="badge ok">pass</span> No namespace rule objects to this URN.</p>`
    : html`<ul class="issues">${report.issues.map(
        (i) =>
          html`<li><span class="badge ${i.severity === "error" ? "bad" : "warn"}">${i.severity}</span> ${i.message} <span class="code">(${i.code}${i.index === undefined ? "" : `, index ${i.index}`})</span></li>`,
      )}</ul>`
}
</section>`;
}
