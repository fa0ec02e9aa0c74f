// RFC 8141 §2.3.2: a resolver copies the q-component into the query of the locator it returns,
// and documents what it does when that locator already has a query. Strategy here: the
// q-component is appended to the existing query after "&" (the locator's own parameters come
// first and are kept); a fragment in the locator stays at the end.

export function withQComponent(locator: string, q: string | null): string {
  if (q === null || q === "") return locator;
  const hash = locator.indexOf("#");
  const base = hash < 0 ? locator : locator.slice(0, hash);
  const fragment = hash < 0 ? "" : locator.slice(hash);
  const query = base.indexOf("?");
  const joined =
    query < 0 ? `${base}?${q}` : query === base.length - 1 ? `${base}${q}` : `${base}&${q}`;
  return joined + fragment;
}
