// A page of daily resolution counts as both engines' queries take it: every bound filled in, so
// one statement serves every combination of filters. Ordered by (day, nid) in byte order; both
// engines compare these columns bytewise ("C" collation in PostgreSQL, BINARY in SQLite).

import type { ResolutionCountQuery } from "./stats.js";

export function countParams(q: ResolutionCountQuery) {
  return {
    nid: q.nid?.toLowerCase() ?? null,
    from: q.from ?? "",
    to: q.to ?? "9999-12-31",
    day: q.after?.day ?? "",
    afterNid: q.after?.nid ?? "",
    limit: q.limit,
  };
}
