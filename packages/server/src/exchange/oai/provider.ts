// The OAI-PMH 2.0 provider: reads a request's arguments, runs its verb and gives the response
// document as pieces of text to send in order. Everything that can make the answer an error
// (arguments, the first page of a list) happens before the first piece, so an error is always a
// whole error document (§3.6), never the end of a list already sent.

import type { Store } from "../../storage/store.js";
import { readRequest } from "./arguments.js";
import { datestamp } from "./datestamp.js";
import { errorDocument, head, TAIL } from "./envelope.js";
import { identify } from "./identify.js";
import { listMetadataFormats } from "./list-metadata-formats.js";
import { OaiError } from "./oai-error.js";
import type { OaiOptions } from "./options.js";
import { getRecord, listRecords, type VerbContext } from "./records.js";
import { listSets } from "./sets.js";

async function* once(text: Promise<string>): AsyncGenerator<string> {
  yield await text;
}

async function* listSetsVerb(ctx: VerbContext, args: ReadonlyMap<string, string>) {
  if (args.has("resumptionToken"))
    throw new OaiError(
      "badResumptionToken",
      "ListSets answers in one response: it issues no token",
    );
  const sets = await listSets(ctx.store);
  if (sets === "") throw new OaiError("noSetHierarchy", "this repository has no sets yet");
  yield `<ListSets>${sets}</ListSets>`;
}

/**
 * The response to the request's name–value pairs: pieces of the document, the first of which is
 * ready (errors included) when the promise settles.
 */
export async function oaiResponse(
  store: Store,
  options: OaiOptions,
  base: string,
  pairs: Iterable<[string, string]>,
): Promise<AsyncIterable<string>> {
  const now = Date.now();
  const responseDate = datestamp(new Date(now));
  let args: ReadonlyMap<string, string> | null = null;
  try {
    const request = readRequest(pairs);
    args = new Map([["verb", request.verb], ...request.args]);
    const ctx: VerbContext = { store, options, base, now };
    const body =
      request.verb === "Identify"
        ? once(store.oai.earliest().then((earliest) => identify(options, base, earliest)))
        : request.verb === "ListMetadataFormats"
          ? once(listMetadataFormats(ctx, request.args))
          : request.verb === "ListSets"
            ? listSetsVerb(ctx, request.args)
            : request.verb === "GetRecord"
              ? getRecord(ctx, request.args)
              : listRecords(ctx, request.verb, request.args);
    const first = await body.next();
    const opening = head(responseDate, base, args);
    return (async function* () {
      yield opening;
      if (!first.done) yield first.value;
      yield* body;
      yield TAIL;
    })();
  } catch (error) {
    if (!(error instanceof OaiError)) throw error;
    return once(Promise.resolve(errorDocument(responseDate, base, args, error)));
  }
}
