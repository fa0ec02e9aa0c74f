// The order of a record's locators, best first, for resolution's redirect and its lists
// (RFC 2483 text/uri-list, the API's record): the record owner's locators before other
// organisations' (mirrors), each owner's by highest priority, then oldest, except that a locator
// the link checker found failing (storage/links.ts) ranks after every healthy one. Priorities
// rank within one owner, as the DNB's URN service documents them, so a mirror with priority
// 65535 never outranks the owner's healthy locators. Both engines order by this one expression,
// over the locators aliased `l`, given the record's organisation as an SQL expression
// (`r.organisation` where the record is in the query).
export function locatorRank(recordOrganisation: string): string {
  return `l.link_failing, (l.owner IS DISTINCT FROM ${recordOrganisation}),
  l.priority DESC, l.created, l.id`;
}

/** The rank where the record is not in the query: its organisation read by the locator's row. */
export const LOCATOR_RANK = locatorRank(
  "(SELECT o.organisation FROM records o WHERE o.id = l.record_id)",
);
