// A store with some of its members replaced, for tests that need an engine to behave otherwise
// (no immediate reads, a batch that fails). The rest is the real store, its methods bound to it,
// since the engines keep their state in private fields.

import type { Store } from "../src/storage/store.js";

export function withOverrides(
  store: Store,
  overrides: Partial<Record<keyof Store, unknown>>,
): Store {
  return new Proxy(store, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof Store];
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
