// Text the registry stores or looks up. JSON and URLs can carry U+0000 and unpaired surrogates
// (a JSON "\u0000" or "\ud800" escape, a %00 in a query), but PostgreSQL's text type cannot hold
// U+0000 and UTF-8 cannot encode a lone surrogate. SQLite would store both, so a registry that
// accepted them could not move to PostgreSQL; both engines refuse them here, before any query.

/** Why `s` cannot be stored, or null when it can. */
export function textFault(s: string): string | null {
  if (s.includes("\0")) return "contains U+0000 (NUL)";
  if (!s.isWellFormed()) return "contains an unpaired surrogate (not Unicode text)";
  return null;
}
