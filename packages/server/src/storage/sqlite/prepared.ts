// A concern's statements, prepared on first use: a store is made before its migrations run, so
// the statements of a table a migration creates cannot be prepared in its constructor.

/** `prepare` run on the first call only; every call answers what it made. */
export function preparedOnFirstUse<S>(prepare: () => S): () => S {
  let statements: S | undefined;
  return () => {
    statements ??= prepare();
    return statements;
  };
}
