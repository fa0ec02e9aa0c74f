// The order of a record's locators, best first, for resolution's redirect and its lists
// (RFC 2483 text/uri-list, the API's record): highest priority, then oldest, except that a
// locator the link checker found failing (storage/links.ts) ranks after every healthy one. Both
// engines order by this one expression, over the locators aliased `l`; SQLite's rank index
// (migration 11) has its columns in this order, so the best locator is read without a sort.
export const LOCATOR_RANK = "l.link_failing, l.priority DESC, l.created, l.id";
