// How pg reads PostgreSQL's values for urnkit: bigint ids and counts come back as numbers, since
// they stay far below 2^53. Every pool and client of the engine reads with these.

import pg from "pg";

const INT8_OID = 20;
export const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === INT8_OID
      ? Number
      : pg.types.getTypeParser(oid, format ?? "text")) as typeof pg.types.getTypeParser,
};
