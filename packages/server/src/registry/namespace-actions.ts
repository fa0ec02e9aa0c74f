// Namespaces served here (RFC 8141 §5 which NIDs may be served, §6 registration templates,
// §6.4.6 delegate resolvers): created and changed by administrators through the JSON API, the web
// UI and the command line, each through these functions so the same checks apply.

import { classifyNid, UrnSyntaxError } from "@urnkit/core";
import { checkTemplate, parseTemplate } from "@urnkit/namespaces";
import { delegateTemplateFault } from "../resolution/delegate-template.js";
import type { Delegation, Namespace, NamespaceInput } from "../storage/namespaces.js";
import type { Store } from "../storage/store.js";
import type { TokenInfo } from "../storage/tokens.js";
import { invalid } from "../validation/problems.js";
import { Refusal } from "../validation/refusal.js";
import { authorize, REGISTRY } from "./access.js";
import type { ActionContext } from "./action-context.js";
import { nidRefusals } from "./namespace-keys.js";
import { actorOf } from "./operator.js";
import { refusingTakenKey } from "./taken-key.js";

/** A namespace as written, with the template's warnings (errors refuse the write). */
export interface NamespaceResult {
  namespace: Namespace;
  warnings: { code: string; severity: "warning"; message: string }[];
}

export function notServed(nid: string): Refusal {
  return new Refusal("not-found", "unknown-namespace", `namespace "${nid}" is not served here`);
}

/** The namespace `nid` names, refused as not found unless it is served here. */
export async function servedNamespace(
  store: Pick<Store, "namespaces">,
  nid: string,
): Promise<Namespace> {
  const namespace = await store.namespaces.get(nid);
  if (namespace === null) throw notServed(nid);
  return namespace;
}

/** Delegate prefixes are compared with equivalence keys: "urn" and the NID in lowercase. */
function normalizeDelegates(
  nid: string,
  delegates: Delegation[] | undefined,
): Delegation[] | undefined {
  return delegates?.map((d, i) => {
    const fault = delegateTemplateFault(d.url);
    if (fault !== null)
      throw invalid("unprocessable", "bad-delegate", [
        { path: `/delegate/${i}/url`, message: `the delegate URL ${fault}: ${d.url}` },
      ]);
    if (d.prefix === "") return d;
    const head = `urn:${nid}:`;
    if (d.prefix.slice(0, head.length).toLowerCase() !== head)
      throw new Refusal(
        "unprocessable",
        "bad-delegate",
        `delegate prefix must start with "${head}"`,
      );
    return { prefix: head + d.prefix.slice(head.length), url: d.url };
  });
}

/** The NID must be a valid, registered NID (RFC 8141 §5) unless the namespace is local. */
function checkNid(nid: string, local: boolean): void {
  try {
    classifyNid(nid);
  } catch (e) {
    if (!(e instanceof UrnSyntaxError)) throw e;
    throw new Refusal("unprocessable", "invalid-nid", `"${nid}" is not a valid NID`, {
      issues: [{ code: e.code, severity: "error", message: e.message, index: e.index }],
    });
  }
  if (local) return;
  const issues = nidRefusals(nid);
  if (issues.length > 0)
    throw new Refusal("unprocessable", "unregistered-nid", issues[0]?.message ?? "", { issues });
}

/**
 * What checkTemplate says of a request for a new NID that does not apply to a template stored for
 * the namespace it names: that NID is registered, and its number (urn-N) was assigned by IANA.
 */
const STORED_NID_CODES = new Set(["nid-already-registered", "template-informal-nid-designated"]);

/**
 * The registration template checked against RFC 8141 Appendix A: error-severity issues refuse it
 * (422 listing them all), warnings are handed back with the stored namespace. checkTemplate reads
 * a template as a request for a new NID, so "already registered" (§5.1 rule 1) and "an informal
 * NID designated by the registrant" (§5.2) are dropped when the template names the namespace it is
 * stored for: serving a registered namespace is the usual case.
 */
function checkTemplateText(
  nid: string,
  template: string | null | undefined,
): NamespaceResult["warnings"] {
  if (template == null) return [];
  const parsed = parseTemplate(template);
  const named = (parsed.namespaceId ?? "").trim().split(/\s+/, 1)[0]?.toLowerCase();
  const issues = checkTemplate(parsed).filter(
    (i) => !(STORED_NID_CODES.has(i.code) && named === nid),
  );
  const errors = issues.filter((i) => i.severity === "error");
  if (errors.length > 0)
    throw new Refusal(
      "unprocessable",
      "invalid-template",
      `the registration template has ${errors.length} error${errors.length === 1 ? "" : "s"}; the first: ${errors[0]?.message}`,
      { issues },
    );
  return issues.map((i) => ({ code: i.code, severity: "warning", message: i.message }));
}

export async function createNamespace(
  { store }: ActionContext<"namespaces">,
  token: TokenInfo,
  input: NamespaceInput,
): Promise<NamespaceResult> {
  authorize(token, "admin", REGISTRY);
  const nid = input.nid.toLowerCase();
  checkNid(nid, input.local === true);
  const warnings = checkTemplateText(nid, input.template);
  const namespace = await refusingTakenKey("namespace-exists", () =>
    store.namespaces.create(
      { ...input, nid, delegate: normalizeDelegates(nid, input.delegate) ?? [] },
      actorOf(token),
    ),
  );
  return { namespace, warnings };
}

/** Changes a namespace; a changed template is stored as a new revision. */
export async function updateNamespace(
  { store }: ActionContext<"namespaces">,
  token: TokenInfo,
  nidInput: string,
  input: Omit<NamespaceInput, "nid">,
): Promise<NamespaceResult> {
  const nid = nidInput.toLowerCase();
  authorize(token, "admin", { kind: "namespace", nid });
  const before = await store.namespaces.get(nid);
  if (before === null) throw notServed(nid);
  checkNid(nid, input.local ?? before.local);
  const warnings = checkTemplateText(nid, input.template);
  // Taken: the minting policy names a prefix that an organisation owns (the message names it).
  const namespace = await refusingTakenKey("mint-prefix-taken", () =>
    store.namespaces.update(
      { ...input, nid, delegate: normalizeDelegates(nid, input.delegate) },
      actorOf(token),
    ),
  );
  return { namespace, warnings };
}
