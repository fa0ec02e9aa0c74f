// GetRecord, ListIdentifiers and ListRecords (OAI-PMH 2.0 §4.1, §4.3, §4.5). A list is written a
// chunk of records at a time as the store reads them, so a response of any page size holds at
// most one chunk in memory. The datestamp range of a list is frozen at its first request: with
// no `until`, the list ends at that instant, so a record changed while the list is harvested
// leaves its old place and is not given twice; the next incremental harvest (from the first
// response's responseDate) finds it.

import { URN } from "@urnkit/core";
import { namespaceKey } from "../../registry/namespace-keys.js";
import type { OaiItem, OaiPosition, OaiRecord, OaiSelection } from "../../storage/oai.js";
import type { Store } from "../../storage/store.js";
import { type DateArgument, datestamp, parseDateArgument } from "./datestamp.js";
import { FORMATS } from "./formats/formats.js";
import { disseminates, type MetadataFormat } from "./formats/metadata-format.js";
import { OaiError } from "./oai-error.js";
import type { OaiOptions } from "./options.js";
import { decodeToken, encodeToken, type ListState } from "./resumption-token.js";
import { listSets, recordSets, setSelection } from "./sets.js";
import { attrs, element } from "./xml.js";

/**
 * Records read from the store at a time while a page is written: what a response holds in memory
 * at most (metadata is at most 64 KiB a record). Each chunk is a statement and a write to the
 * socket; 250 rather than 100 took a PostgreSQL harvest from ~22,000 to ~33,000 records/s on the
 * bench's records (500 gained nothing more).
 */
const CHUNK = 250;

export interface VerbContext {
  store: Store;
  options: OaiOptions;
  /** The provider's base URL. */
  base: string;
  /** The request's time, milliseconds since the epoch. */
  now: number;
}

function header(record: OaiRecord): string {
  let out = `<header>${element("identifier", record.urn)}${element("datestamp", datestamp(record.updated))}`;
  for (const spec of recordSets(record)) out += element("setSpec", spec);
  return `${out}</header>`;
}

function fullRecord(record: OaiRecord, format: MetadataFormat, base: string): string {
  return `<record>${header(record)}<metadata>${format.write(record, base)}</metadata></record>`;
}

export function formatOf(prefix: string): MetadataFormat {
  const format = FORMATS.get(prefix);
  if (format === undefined)
    throw new OaiError(
      "cannotDisseminateFormat",
      `"${prefix}" is not a metadata format of this repository: use one of ${[...FORMATS.keys()].join(", ")}`,
    );
  return format;
}

/** The record an identifier names (any equivalent spelling of its URN); idDoesNotExist if none. */
export async function recordOf(store: Store, identifier: string): Promise<OaiRecord> {
  const urn = URN.parse(identifier);
  const record = urn === null ? null : await store.records.get(namespaceKey(urn));
  if (record === null)
    throw new OaiError(
      "idDoesNotExist",
      urn === null
        ? `"${identifier}" is not a URN, and this repository's identifiers are URNs`
        : `${identifier} is not registered here`,
    );
  return record;
}

export async function* getRecord(
  ctx: VerbContext,
  args: ReadonlyMap<string, string>,
): AsyncGenerator<string> {
  const format = formatOf(args.get("metadataPrefix") as string);
  const record = await recordOf(ctx.store, args.get("identifier") as string);
  if (!disseminates(format, record))
    throw new OaiError(
      "cannotDisseminateFormat",
      `${record.urn} ${record.status === "reserved" ? "is reserved, not in use yet" : "has no active locator"}, and ${format.prefix} records say where a URN resolves: ask for another format (ListMetadataFormats with this identifier)`,
    );
  yield `<GetRecord>${fullRecord(record, format, ctx.base)}</GetRecord>`;
}

/** from and until of a first request, checked against each other (§3.3.1, §4.3 badArgument). */
function dateRange(args: ReadonlyMap<string, string>): {
  from: DateArgument | null;
  until: DateArgument | null;
} {
  const f = args.get("from");
  const u = args.get("until");
  const from = f === undefined ? null : parseDateArgument("from", f);
  const until = u === undefined ? null : parseDateArgument("until", u);
  if (from !== null && until !== null) {
    if (from.granularity !== until.granularity)
      throw new OaiError(
        "badArgument",
        `from "${f}" and until "${u}" have different granularities: give both as days or both to the second`,
      );
    if (from.start > until.start)
      throw new OaiError("badArgument", `from "${f}" is later than until "${u}"`);
  }
  return { from, until };
}

/** The selection of a set argument (or none); errors as §4.3 and §4.5 say. */
async function selectionOf(store: Store, set: string | null): Promise<OaiSelection> {
  if (set === null) return {};
  if ((await listSets(store)) === "")
    throw new OaiError("noSetHierarchy", "this repository has no sets yet");
  const selection = await setSelection(store, set);
  if (selection === null)
    throw new OaiError("noRecordsMatch", `there is no set "${set}" here (see ListSets)`);
  return selection;
}

/** The selection of a list, narrowed to the records its format can give (disseminates). */
function formatSelection(selection: OaiSelection, prefix: string): OaiSelection {
  return formatOf(prefix).urlList
    ? { ...selection, activeWithLocatorOrDeactivated: true }
    : selection;
}

/** The list state of a first request, or of a resumption token. */
async function listState(
  ctx: VerbContext,
  verb: ListState["verb"],
  args: ReadonlyMap<string, string>,
): Promise<{ state: ListState; selection: OaiSelection; fresh: boolean }> {
  const token = args.get("resumptionToken");
  if (token !== undefined) {
    const state = decodeToken(token, verb, ctx.now);
    const set = state.set === null ? {} : await setSelection(ctx.store, state.set);
    if (!FORMATS.has(state.metadataPrefix) || set === null)
      throw new OaiError("badResumptionToken", "the resumption token names no list here");
    const selection = formatSelection(
      { ...set, before: state.before, ...(state.from === null ? {} : { from: state.from }) },
      state.metadataPrefix,
    );
    return { state, selection, fresh: false };
  }
  const metadataPrefix = args.get("metadataPrefix") as string;
  formatOf(metadataPrefix);
  const { from, until } = dateRange(args);
  const set = args.get("set") ?? null;
  const selection = await selectionOf(ctx.store, set);
  const now = new Date(ctx.now).toISOString();
  const before = until === null || until.end > now ? now : until.end;
  if (from !== null) selection.from = from.start;
  selection.before = before;
  const state: ListState = {
    verb,
    metadataPrefix,
    set,
    from: from?.start ?? null,
    before,
    after: { updated: "", id: 0 },
    cursor: 0,
    completeListSize: 0,
    expires: 0,
  };
  return { state, selection: formatSelection(selection, metadataPrefix), fresh: true };
}

/** ListIdentifiers and ListRecords: one page, written as it is read. */
export async function* listRecords(
  ctx: VerbContext,
  verb: ListState["verb"],
  args: ReadonlyMap<string, string>,
): AsyncGenerator<string> {
  const { state, selection, fresh } = await listState(ctx, verb, args);
  const format = formatOf(state.metadataPrefix);
  const after = fresh ? null : state.after;
  const pageSize = ctx.options.pageSize;
  let written = 0;
  let want = 0;
  let more = false;
  // The chunk that ends the page reads one record beyond it: whether there is one says whether
  // the list goes on, without a statement of its own.
  const read = async (position: OaiPosition | null): Promise<OaiItem[]> => {
    const rest = pageSize - written;
    want = Math.min(CHUNK, rest);
    const items = await ctx.store.oai.page(selection, position, want === rest ? want + 1 : want);
    if (items.length > want) {
      more = true;
      items.length = want;
    }
    return items;
  };
  let items = await read(after);
  if (items.length === 0)
    throw new OaiError("noRecordsMatch", "no record matches the arguments of this list");
  const size = fresh ? await ctx.store.oai.count(selection) : state.completeListSize;
  const write =
    verb === "ListRecords"
      ? (r: OaiRecord) => fullRecord(r, format, ctx.base)
      : (r: OaiRecord) => header(r);
  let out = `<${verb}>`;
  let last = items[items.length - 1] as OaiItem;
  for (;;) {
    for (const item of items) out += write(item.record);
    written += items.length;
    last = items[items.length - 1] as OaiItem;
    yield out;
    out = "";
    if (items.length < want || written >= pageSize) break;
    items = await read({ updated: last.record.updated, id: last.id });
    if (items.length === 0) break;
  }
  const position = { updated: last.record.updated, id: last.id };
  const cursor = state.cursor;
  const listSize = Math.max(size, cursor + written);
  if (more) {
    const expires = ctx.now + ctx.options.tokenSeconds * 1000;
    const next = encodeToken({
      ...state,
      after: position,
      cursor: cursor + written,
      completeListSize: listSize,
      expires,
    });
    out += element("resumptionToken", next, {
      completeListSize: listSize,
      cursor,
      expirationDate: datestamp(new Date(expires)),
    });
  } else if (!fresh) {
    // The last page of a list given in several answers: an empty token ends it (§3.5).
    out += `<resumptionToken${attrs({ completeListSize: listSize, cursor })}/>`;
  }
  yield `${out}</${verb}>`;
}
