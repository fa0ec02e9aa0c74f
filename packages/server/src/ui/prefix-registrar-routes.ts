// The registrar's page per prefix (prefix-registrar-page.ts): minting and reserving call the same
// prefix actions as the JSON API with the session's token, through the same validation layer;
// registering goes to the registrar page's own form route.

import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../http/context.js";
import { statusOf } from "../http/problem.js";
import { mintInPrefix, reserveInPrefix } from "../registry/prefix-actions.js";
import type { TokenInfo } from "../storage/tokens.js";
import { checkReservationBody } from "../validation/prefix.js";
import { checkMintBody } from "../validation/record.js";
import { Refusal } from "../validation/refusal.js";
import { editHref } from "./links.js";
import type { Pages } from "./pages.js";
import { prefixRegistrarContent } from "./prefix-registrar-page.js";

/** How many reservations and records the page lists. */
const LISTED = 50;

export function prefixRegistrarRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  pages: Pages,
): void {
  const { store } = ctx;

  async function prefixPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: { prefix: string; text: string } | null,
  ) {
    const session = await pages.registrar(request);
    const token = session.token as TokenInfo;
    const org = token.organisation;
    const prefixes = (await store.prefixes.list(token.namespace ?? undefined)).filter(
      (p) => org === null || p.organisation === org,
    );
    return pages.send(
      reply,
      status,
      {
        title: "Prefixes",
        session,
        current: "registrar",
        noindex: true,
        flash: await pages.sessions.takeFlash(session),
      },
      prefixRegistrarContent(
        session,
        prefixes,
        org === null ? null : await store.organisations.records(org, "reserved", LISTED),
        org === null ? null : await store.organisations.records(org, null, LISTED),
        error,
      ),
    );
  }

  app.get("/registrar/prefixes", (request, reply) => prefixPage(request, reply, 200, null));

  /** The prefix a form names, and its namespace (the prefix starts "urn:<nid>:"). */
  function named(form: URLSearchParams): { nid: string; prefix: string } {
    const prefix = form.get("prefix") ?? "";
    return { prefix, nid: /^urn:([^:]+):/i.exec(prefix)?.[1] ?? "" };
  }

  app.post("/registrar/prefixes/mint", async (request, reply) => {
    const session = await pages.registrar(request);
    const form = pages.form(request, session);
    const { nid, prefix } = named(form);
    const url = (form.get("url") ?? "").trim();
    try {
      const record = await mintInPrefix(
        ctx,
        session.token as TokenInfo,
        nid,
        prefix,
        checkMintBody({ status: "active", ...(url === "" ? {} : { locators: [{ url }] }) }),
      );
      await pages.sessions.setFlash(session, `Minted ${record.urn}.`);
      return reply.redirect(editHref(record.urn), 303);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return prefixPage(request, reply, statusOf(error), { prefix, text: error.message });
    }
  });

  app.post("/registrar/prefixes/reserve", async (request, reply) => {
    const session = await pages.registrar(request);
    const form = pages.form(request, session);
    const { nid, prefix } = named(form);
    const text = (form.get("count") ?? "").trim();
    // A numeral becomes its number, so that the shared validation refuses 0 or 5000 as in JSON.
    const count = /^\d+$/.test(text) ? Number(text) : text;
    try {
      const { urns } = await reserveInPrefix(
        ctx,
        session.token as TokenInfo,
        nid,
        prefix,
        checkReservationBody({ count }),
      );
      await pages.sessions.setFlash(
        session,
        `Reserved ${urns.length}: ${urns[0]}${urns.length > 1 ? ` to ${urns.at(-1)}` : ""}.`,
      );
      return reply.redirect("/registrar/prefixes", 303);
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return prefixPage(request, reply, statusOf(error), { prefix, text: error.message });
    }
  });
}
