// A store, or one of its concerns, as a plain object of its members, for tests that need an engine
// to behave otherwise (no immediate reads, a batch that fails): they spread it and replace a
// member, `{ ...members(store), records: { ...members(store.records), get: failing } }`. A spread
// of the instance itself would lose its methods, which its class keeps on the prototype (and
// whose state is in private fields): here each is bound to the instance.

/** Every member of T as a property of its own (a spread of a class's type drops its methods). */
export type Members<T> = { [K in keyof T]: T[K] };

export function members<T extends object>(instance: T): Members<T> {
  const plain: Record<string, unknown> = { ...(instance as Record<string, unknown>) };
  for (
    let prototype = Object.getPrototypeOf(instance);
    prototype !== null && prototype !== Object.prototype;
    prototype = Object.getPrototypeOf(prototype)
  ) {
    for (const [name, property] of Object.entries(Object.getOwnPropertyDescriptors(prototype))) {
      if (name === "constructor" || Object.hasOwn(plain, name)) continue;
      if (typeof property.value === "function") plain[name] = property.value.bind(instance);
    }
  }
  return plain as Members<T>;
}
