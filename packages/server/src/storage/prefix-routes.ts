// Which prefix a URN belongs to: the longest equivalence-key prefix that matches (sub-namespaces
// nest; a nested prefix may belong to another organisation). Resolution asks on every request, so
// the answer costs one map lookup per distinct prefix length, never a scan of the prefixes nor a
// query: the routes are built once with the namespace and cached with it.

export interface PrefixRoute {
  prefix: string;
  /** The owning organisation; null for a namespace-level delegation. */
  organisation: string | null;
  /** The delegate resolver's URL template; null: resolved here. */
  delegate: string | null;
}

/** A key's longest route, and its longest owned one (the same route, or a shorter prefix). */
export interface RouteMatch {
  match: PrefixRoute | null;
  owner: PrefixRoute | null;
}

export class PrefixRoutes {
  readonly #byPrefix = new Map<string, PrefixRoute>();
  /** The distinct prefix lengths, longest first. */
  readonly #lengths: number[];

  /**
   * `prefixes` are the prefix rows; `delegations` the namespace-level delegations, which a prefix
   * of the same text overrides.
   */
  constructor(prefixes: readonly PrefixRoute[], delegations: readonly PrefixRoute[] = []) {
    for (const r of delegations) this.#byPrefix.set(r.prefix, r);
    for (const r of prefixes) {
      const shadowed = this.#byPrefix.get(r.prefix);
      // A prefix without a delegate of its own keeps the namespace's delegation for its text.
      this.#byPrefix.set(
        r.prefix,
        r.delegate === null && shadowed !== undefined ? { ...r, delegate: shadowed.delegate } : r,
      );
    }
    this.#lengths = [...new Set([...this.#byPrefix.keys()].map((p) => p.length))].sort(
      (a, b) => b - a,
    );
  }

  /**
   * The longest route whose prefix starts `key` (what resolution delegates by) and the longest
   * prefix row owned by an organisation (what the URN belongs to), in one walk.
   */
  find(key: string): RouteMatch {
    let match: PrefixRoute | null = null;
    for (const length of this.#lengths) {
      if (length > key.length) continue;
      const route = this.#byPrefix.get(key.slice(0, length));
      if (route === undefined) continue;
      match ??= route;
      if (route.organisation !== null) return { match, owner: route };
    }
    return { match, owner: null };
  }

  /** The longest route whose prefix starts `key`, or null. */
  match(key: string): PrefixRoute | null {
    return this.find(key).match;
  }

  /** The longest prefix row (owned by an organisation) that starts `key`, or null. */
  owner(key: string): PrefixRoute | null {
    return this.find(key).owner;
  }
}

export const NO_ROUTES = new PrefixRoutes([]);
