// The registrar's pages: register, mint, and manage a record. Every write calls the same registry
// action the JSON API calls (registry-actions.ts) with the session's token, so the forms can do
// exactly what the API allows, checked in one place.

import { URN } from "@urnkit/core";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ServerContext } from "../http/context.js";
import { statusOf } from "../http/problem.js";
import { urnFromPath } from "../http/raw-target.js";
import { namespaceKey } from "../registry/namespace-keys.js";
import {
  activateUrn,
  deactivateUrn,
  mintUrn,
  patchRecord,
  registerUrn,
} from "../registry/record-actions.js";
import type { UrnRecord } from "../storage/records.js";
import type { TokenInfo } from "../storage/tokens.js";
import {
  checkDeactivateBody,
  checkMintBody,
  checkPatchBody,
  checkRegisterBody,
} from "../validation/record.js";
import { Refusal } from "../validation/refusal.js";
import { editHref } from "./links.js";
import type { Pages } from "./pages.js";
import { queryUrn } from "./query-urn.js";
import {
  confirmDeactivationContent,
  EMPTY_REGISTER,
  manageContent,
  type RegisterValues,
  registrarContent,
} from "./registrar-pages.js";
import type { Session } from "./session.js";

/**
 * A number field as the API would receive it: a numeral becomes its number, so that the shared
 * validation refuses -5, 70000 or 1e23 as it refuses them in JSON; empty is the default (0); any
 * other text stays text and is refused as "must be integer".
 */
function formNumber(text: string): number | string {
  const t = text.trim();
  if (t === "") return 0;
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(t) ? Number(t) : t;
}

/** A refusal's detail and its issues' messages, for showing under a form. */
function problemText(error: Refusal): string {
  const issues = error.extensions.issues;
  const messages = (Array.isArray(issues) ? issues : [])
    .map((i) => (typeof i?.message === "string" ? (i.message as string) : ""))
    .filter((m) => m !== "" && m !== error.message);
  return [error.message, ...messages].join(" — ");
}

/** Runs a registry action: the record, or the refusal a form shows (anything else is thrown). */
async function attempt(action: () => Promise<UrnRecord>): Promise<UrnRecord | Refusal> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
}

export function registrarRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store, limits } = ctx;

  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" && request.url.startsWith("/registrar")) {
      if ((await pages.sessions.get(request))?.token == null)
        return reply.redirect("/sign-in", 303);
    }
  });

  async function registrarPage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    values: RegisterValues,
    errors: Parameters<typeof registrarContent>[3],
  ) {
    const session = await pages.registrar(request);
    return pages.send(
      reply,
      status,
      {
        title: "Registrar",
        session,
        current: "registrar",
        noindex: true,
        flash: await pages.sessions.takeFlash(session),
      },
      registrarContent(session, await store.namespaces.list(), values, errors),
    );
  }

  app.get("/registrar", (request, reply) => registrarPage(request, reply, 200, EMPTY_REGISTER, {}));

  app.get("/registrar/find", async (request, reply) => {
    const input = queryUrn(request, limits) ?? "";
    const urn = URN.parse(input);
    const record = urn === null ? null : await store.records.get(namespaceKey(urn));
    if (record === null)
      return registrarPage(request, reply, 404, EMPTY_REGISTER, {
        find: `${input} is ${urn === null ? "not a URN" : "not registered here"}.`,
      });
    return reply.redirect(editHref(record.urn), 303);
  });

  /** The metadata field: empty is none, otherwise a JSON object; a string error when not. */
  function parseMetadata(text: string): Record<string, unknown> | null | string {
    if (text.trim() === "") return null;
    try {
      const value: unknown = JSON.parse(text);
      if (value !== null && typeof value === "object" && !Array.isArray(value))
        return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    return 'Metadata must be a JSON object, such as {"title": "…"}.';
  }

  app.post("/registrar/register", async (request, reply) => {
    const session = await pages.registrar(request);
    const form = pages.form(request, session);
    const values: RegisterValues = {
      urn: (form.get("urn") ?? "").trim(),
      status: form.get("status") === "reserved" ? "reserved" : "active",
      url: (form.get("url") ?? "").trim(),
      mediaType: (form.get("mediaType") ?? "").trim(),
      metadata: form.get("metadata") ?? "",
    };
    const metadata = parseMetadata(values.metadata);
    if (typeof metadata === "string")
      return registrarPage(request, reply, 422, values, { register: metadata });
    const token = session.token as TokenInfo;
    const result = await attempt(() =>
      registerUrn(
        ctx,
        token,
        checkRegisterBody(
          {
            urn: values.urn,
            status: values.status === "reserved" ? "reserved" : "active",
            ...(values.url === ""
              ? {}
              : { locators: [{ url: values.url, mediaType: values.mediaType || null }] }),
            metadata,
          },
          limits,
        ),
      ),
    );
    if (result instanceof Refusal)
      return registrarPage(request, reply, statusOf(result), values, {
        register: problemText(result),
      });
    return done(reply, session, result, "Registered");
  });

  app.post("/registrar/mint", async (request, reply) => {
    const session = await pages.registrar(request);
    const form = pages.form(request, session);
    const nid = (form.get("nid") ?? "").toLowerCase();
    const url = (form.get("url") ?? "").trim();
    if (!/^[a-z0-9-]{1,32}$/.test(nid))
      return registrarPage(request, reply, 400, EMPTY_REGISTER, { mint: "Choose a namespace." });
    const token = session.token as TokenInfo;
    const result = await attempt(() =>
      mintUrn(
        ctx,
        token,
        nid,
        checkMintBody({
          status: form.get("status") === "reserved" ? "reserved" : "active",
          ...(url === "" ? {} : { locators: [{ url }] }),
        }),
      ),
    );
    if (result instanceof Refusal)
      return registrarPage(request, reply, statusOf(result), EMPTY_REGISTER, {
        mint: problemText(result),
      });
    return done(reply, session, result, "Minted");
  });

  /** After a successful write: the record's management page with a notice. */
  async function done(reply: FastifyReply, session: Session, record: UrnRecord, verb: string) {
    await pages.sessions.setFlash(session, `${verb} ${record.urn}.`);
    return reply.redirect(editHref(record.urn), 303);
  }

  const noRecord = (request: FastifyRequest, reply: FastifyReply) =>
    pages.message(request, reply, 404, "There is no such record to manage.", "Not registered here");

  /** The URN in the path, parsed once, and its record (null: not a URN, or not registered). */
  async function manageTarget(request: FastifyRequest) {
    const input = urnFromPath(request, "/registrar/record/", limits);
    const urn = URN.parse(input);
    const record = urn === null ? null : await store.records.get(namespaceKey(urn));
    return urn === null || record === null ? null : { urn, record };
  }

  async function managePage(
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    error: string | null,
  ) {
    const session = await pages.registrar(request);
    const target = await manageTarget(request);
    if (target === null) return noRecord(request, reply);
    const { record } = target;
    return pages.send(
      reply,
      status,
      {
        title: `Manage ${record.urn}`,
        session,
        current: "registrar",
        noindex: true,
        flash: await pages.sessions.takeFlash(session),
      },
      manageContent(session, record, error),
    );
  }

  app.get("/registrar/record/*", (request, reply) => managePage(request, reply, 200, null));

  app.post("/registrar/record/*", async (request, reply) => {
    const session = await pages.registrar(request);
    const form = pages.form(request, session);
    const target = await manageTarget(request);
    if (target === null) return noRecord(request, reply);
    const { urn, record } = target;
    const token = session.token as TokenInfo;
    const action = form.get("action");
    let write: () => Promise<UrnRecord>;
    let verb: string;
    if (action === "locators") {
      const urls = form.getAll("url");
      const priorities = form.getAll("priority");
      const types = form.getAll("mediaType");
      const locators = urls.flatMap((u, i) => {
        const url = u.trim();
        if (url === "") return [];
        const mediaType = (types[i] ?? "").trim();
        return [{ url, priority: formNumber(priorities[i] ?? ""), mediaType: mediaType || null }];
      });
      write = () => patchRecord(ctx, token, urn, checkPatchBody({ locators }));
      verb = "Saved the locators of";
    } else if (action === "metadata") {
      const metadata = parseMetadata(form.get("metadata") ?? "");
      if (typeof metadata === "string") return managePage(request, reply, 422, metadata);
      write = () => patchRecord(ctx, token, urn, checkPatchBody({ metadata }));
      verb = "Saved the metadata of";
    } else if (action === "activate") {
      write = () => activateUrn(ctx, token, urn);
      verb = "Activated";
    } else if (action === "deactivate") {
      const reason = (form.get("reason") ?? "").trim();
      const successor = (form.get("successor") ?? "").trim();
      if (reason === "") return managePage(request, reply, 422, "Say why the URN is deactivated.");
      if (form.get("confirmed") !== "yes")
        return pages.send(
          reply,
          200,
          { title: `Deactivate ${record.urn}?`, session, current: "registrar", noindex: true },
          confirmDeactivationContent(session, record, reason, successor),
        );
      write = () =>
        deactivateUrn(
          ctx,
          token,
          urn,
          checkDeactivateBody({ reason, ...(successor === "" ? {} : { successor }) }, limits),
        );
      verb = "Deactivated";
    } else {
      return managePage(request, reply, 400, "Unknown action.");
    }
    const result = await attempt(write);
    if (result instanceof Refusal)
      return managePage(request, reply, statusOf(result), problemText(result));
    return done(reply, session, result, verb);
  });
}
