// The administrator's pages (admin-page.ts): each form calls the same action as the JSON API
// (organisations, prefixes, namespaces, tokens) with the session's token, so the same roles,
// validation layer and rules apply; a refusal is shown under its form with the API's status.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../http/context.js";
import { statusOf } from "../http/problem.js";
import { may, permit, REGISTRY, scopeOfToken } from "../registry/access.js";
import { createNamespace } from "../registry/namespace-actions.js";
import { createOrganisation, updateOrganisation } from "../registry/organisation-actions.js";
import { createPrefix } from "../registry/prefix-actions.js";
import { createToken, listTokens, revokeToken } from "../registry/token-actions.js";
import type { TokenInfo } from "../storage/tokens.js";
import { checkNamespaceBody } from "../validation/namespace.js";
import { checkOrganisationBody, checkOrganisationPatch } from "../validation/organisation.js";
import { checkPrefixBody } from "../validation/prefix.js";
import { Refusal } from "../validation/refusal.js";
import { checkTokenBody } from "../validation/token.js";
import { type AdminNotes, type AdminSection, type AdminView, adminContent } from "./admin-page.js";
import type { Pages } from "./pages.js";

/** A form field, or absent when empty (the API's optional fields). */
function optional(form: URLSearchParams, name: string): string | undefined {
  const v = (form.get(name) ?? "").trim();
  return v === "" ? undefined : v;
}

/** A numeral as its number (the shared validation then refuses what JSON would); else the text. */
function numberField(text: string): number | string {
  return /^\d+$/.test(text) ? Number(text) : text;
}

export function adminRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store } = ctx;

  // Signed out, the page sends the visitor to sign in, as the registrar pages do.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" && /^\/admin(?:[/?]|$)/.test(request.url)) {
      if ((await pages.sessions.get(request))?.token == null)
        return reply.redirect("/sign-in", 303);
    }
  });

  /** The signed-in session of an administrator of any scope; 403 for any other token. */
  async function adminSession(request: FastifyRequest) {
    const session = await pages.registrar(request);
    const token = session.token as TokenInfo;
    permit(token, "admin", token.namespace);
    return { session, token };
  }

  /** The sections and rows `token` may see, as access.ts decides for the API. */
  async function adminView(token: TokenInfo): Promise<AdminView> {
    const sections = new Set<AdminSection>();
    if (may(token, "admin", REGISTRY)) sections.add("namespaces").add("organisations");
    if (token.organisation === null) sections.add("prefixes");
    if (may(token, "admin", scopeOfToken(token))) sections.add("tokens");
    const organisations = await store.organisations.list();
    const prefixes = await store.prefixes.list();
    return {
      sections,
      namespaces: await store.namespaces.list(),
      organisations,
      prefixes:
        token.namespace === null ? prefixes : prefixes.filter((p) => p.nid === token.namespace),
      tokens: sections.has("tokens") ? await listTokens(store, token) : [],
      tokenOrganisations:
        token.organisation === null
          ? { ids: organisations.map((o) => o.id), none: true }
          : { ids: [token.organisation], none: false },
    };
  }

  async function adminPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    notes: AdminNotes,
  ) {
    const { session } = await adminSession(request);
    return pages.send(
      reply,
      status,
      {
        title: "Administration",
        session,
        current: "admin",
        noindex: true,
        flash: await pages.sessions.takeFlash(session),
      },
      adminContent(session, await adminView(session.token as TokenInfo), notes),
    );
  }

  app.get("/admin", (request, reply) => adminPage(request, reply, 200, {}));

  /** Runs a form's write: back to the page with a notice, or the page with the refusal. */
  function form(
    path: string,
    section: AdminSection,
    write: (token: TokenInfo, form: URLSearchParams) => Promise<string>,
  ) {
    app.post(path, async (request, reply) => {
      const { session, token } = await adminSession(request);
      const fields = pages.form(request, session);
      try {
        await pages.sessions.setFlash(session, await write(token, fields));
        return reply.redirect("/admin", 303);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        return adminPage(request, reply, statusOf(error), {
          errors: { [section]: error.message },
        });
      }
    });
  }

  form("/admin/namespaces", "namespaces", async (token, f) => {
    const body = { nid: (f.get("nid") ?? "").trim(), ...(f.get("local") ? { local: true } : {}) };
    const { namespace } = await createNamespace(ctx, token, checkNamespaceBody(body));
    return `Serving urn:${namespace.nid}:.`;
  });

  form("/admin/organisations", "organisations", async (token, f) => {
    const contact = optional(f, "contact");
    const org = await createOrganisation(
      store,
      token,
      checkOrganisationBody({
        id: (f.get("id") ?? "").trim(),
        name: (f.get("name") ?? "").trim(),
        ...(contact === undefined ? {} : { contact }),
      }),
    );
    return `Created organisation ${org.id}.`;
  });

  form("/admin/organisations/active", "organisations", async (token, f) => {
    const org = await updateOrganisation(
      store,
      token,
      f.get("id") ?? "",
      checkOrganisationPatch({ active: f.get("active") === "1" }),
    );
    return `${org.active ? "Activated" : "Deactivated"} organisation ${org.id}.`;
  });

  form("/admin/prefixes", "prefixes", async (token, f) => {
    const prefix = (f.get("prefix") ?? "").trim();
    const nid = /^urn:([^:]+):/i.exec(prefix)?.[1] ?? "";
    const urls = (f.get("urls") ?? "")
      .split(/\r?\n/)
      .map((u) => u.trim())
      .filter((u) => u !== "");
    const naming = optional(f, "naming");
    const delegate = optional(f, "delegate");
    const created = await createPrefix(
      ctx,
      token,
      nid,
      checkPrefixBody({
        prefix,
        organisation: f.get("organisation") ?? "",
        modes: f.getAll("modes"),
        check: f.get("check") ?? "none",
        width: numberField((f.get("width") ?? "").trim()),
        urls,
        mirrors: f.get("mirrors") === "1",
        ...(naming === undefined ? {} : { naming }),
        ...(delegate === undefined ? {} : { delegate }),
      }),
    );
    return `Created prefix ${created.prefix} for ${created.organisation}.`;
  });

  app.post("/admin/tokens", async (request, reply) => {
    const { session, token } = await adminSession(request);
    const f = pages.form(request, session);
    const namespace = optional(f, "namespace");
    const organisation = optional(f, "organisation");
    const label = optional(f, "label");
    try {
      const created = await createToken(
        store,
        token,
        checkTokenBody({
          role: f.get("role") ?? "",
          ...(namespace === undefined ? {} : { namespace }),
          ...(organisation === undefined ? {} : { organisation }),
          ...(label === undefined ? {} : { label }),
        }),
      );
      // Shown on this answer only: the token is never stored in clear, nor put in a flash.
      return adminPage(request, reply, 201, {
        newToken: { id: created.info.id, token: created.token },
      });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return adminPage(request, reply, statusOf(error), { errors: { tokens: error.message } });
    }
  });

  form("/admin/tokens/revoke", "tokens", async (token, f) => {
    const revoked = await revokeToken(store, token, Number(f.get("id")));
    return `Revoked token #${revoked.id}.`;
  });
}
