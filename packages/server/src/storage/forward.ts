// The engine stores answer each concern (OAI-PMH reads, link health, the link lease, harvests,
// statistics, organisations, prefixes) from a module of its own. Rather than a forwarding method
// per store for every one of the concern's methods, forward() puts them on the store's prototype
// from the concern's list of method names, which its interface file keeps beside the interface:
// written once for both engines, and complete, since the list's type requires every method.

/** Every method name of a concern's interface, each once. */
export type MethodNames<T> = { readonly [K in keyof T]-?: true };

/**
 * Gives the instances of `store` each of `methods`, answered by the concern module `concern`
 * returns for the instance.
 */
export function forward<S, T>(
  store: { prototype: S },
  concern: (store: S) => T,
  methods: MethodNames<T>,
): void {
  for (const name of Object.keys(methods)) {
    Object.defineProperty(store.prototype, name, {
      configurable: true,
      writable: true,
      value(this: S, ...args: unknown[]): unknown {
        const module = concern(this) as Record<string, (...a: unknown[]) => unknown>;
        return (module[name] as (...a: unknown[]) => unknown).apply(module, args);
      },
    });
  }
}
