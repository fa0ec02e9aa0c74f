// GET /search: the search page (search-page.ts) answered from the same query code as
// GET /api/v1/urns, so the page and the API find the same records in the same order.

import type { FastifyInstance } from "fastify";
import type { ServerContext } from "../http/context.js";
import { statusOf } from "../http/problem.js";
import { rawTarget } from "../http/raw-target.js";
import { recordPage } from "../registry/record-search.js";
import type { RecordQueryParams } from "../validation/record-query.js";
import { Refusal } from "../validation/refusal.js";
import type { Pages } from "./pages.js";
import { SEARCH_FIELDS, type SearchForm, searchContent } from "./search-page.js";

/** Results a page: fewer than the API's default, for reading. */
const UI_PAGE = 50;

export function searchRoutes(app: FastifyInstance, ctx: ServerContext, pages: Pages): void {
  const { store } = ctx;

  app.get("/search", async (request, reply) => {
    const target = rawTarget(request);
    const mark = target.indexOf("?");
    const query = new URLSearchParams(mark < 0 ? "" : target.slice(mark + 1));
    const form = Object.fromEntries(
      SEARCH_FIELDS.map((name) => [name, (query.get(name) ?? "").trim()]),
    ) as unknown as SearchForm;
    // A form sends every field; an empty one is no filter.
    const params: RecordQueryParams = { limit: String(UI_PAGE) };
    for (const name of SEARCH_FIELDS) if (form[name] !== "") params[name] = form[name];
    const cursor = query.get("cursor");
    if (cursor !== null) params.cursor = cursor;
    const asked = Object.keys(params).length > 1;
    const [namespaces, organisations] = await Promise.all([
      store.namespaces.list(),
      store.organisations.list(),
    ]);
    // A filter the form's choices cannot show (a hand-written address) is said to be unknown,
    // rather than narrowing the results to nothing under a form that reads "Any".
    const unknown =
      form.nid !== "" && !namespaces.some((n) => n.nid === form.nid.toLowerCase())
        ? `nid: "${form.nid}" is not a namespace here`
        : form.organisation !== "" && !organisations.some((o) => o.id === form.organisation)
          ? `organisation: "${form.organisation}" is not an organisation here`
          : null;
    let outcome: Parameters<typeof searchContent>[2] = null;
    let status = 200;
    if (unknown !== null) {
      outcome = { error: unknown };
      status = 400;
    } else if (asked) {
      try {
        outcome = { page: await recordPage(store, params), paged: cursor !== null };
      } catch (error) {
        if (!(error instanceof Refusal) || statusOf(error) !== 400) throw error;
        // "querystring/q: holds no word" reads as "q: holds no word" on a page.
        outcome = { error: error.message.replace(/^querystring\//, "") };
        status = 400;
      }
    }
    return pages.send(
      reply,
      status,
      {
        title: form.q === "" ? "Search" : `Search: ${form.q}`,
        session: await pages.sessions.get(request),
        current: "search",
      },
      searchContent(
        form,
        {
          nids: namespaces.map((n) => n.nid),
          organisations: organisations.map((o) => [o.id, o.name] as const),
        },
        outcome,
      ),
    );
  });
}
