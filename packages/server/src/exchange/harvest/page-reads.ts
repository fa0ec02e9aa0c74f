// What the registrations of one harvest page read, each read once for the page: the page's URNs
// share a few namespaces, prefixes and organisations, and their records are read in one statement
// before any is planned (records.getMany). On PostgreSQL each read is a round trip, so a page of
// a thousand URNs costs a handful of reads instead of several thousand. The view holds for the
// plans made before the page's writes; the writes that follow read the store itself.

import type { RecordConcerns } from "../../registry/action-context.js";
import type { RegistrationReads } from "../../registry/record-actions.js";
import type { Store } from "../../storage/store.js";

/** `read`, answered from memory for an id read before (a failed read fails each asker alike). */
function once<T>(read: (id: string) => Promise<T>): (id: string) => Promise<T> {
  const seen = new Map<string, Promise<T>>();
  return (id) => {
    let answer = seen.get(id);
    if (answer === undefined) {
      answer = read(id);
      seen.set(id, answer);
    }
    return answer;
  };
}

/** The page's view of `store`, with the records of `keys` read beforehand. */
export async function pageReads(
  store: Pick<Store, RecordConcerns>,
  keys: readonly string[],
): Promise<RegistrationReads> {
  const records = await store.records.getMany(keys);
  const read = new Set(keys);
  return {
    namespaces: { get: once((nid) => store.namespaces.get(nid)) },
    prefixes: { get: once((prefix) => store.prefixes.get(prefix)) },
    organisations: { get: once((id) => store.organisations.get(id)) },
    records: {
      get: (key) =>
        read.has(key) ? Promise.resolve(records.get(key) ?? null) : store.records.get(key),
    },
  };
}
