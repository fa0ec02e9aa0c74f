// A step of the versioned schema (applied once, in order, each in its own transaction). Both
// engines list the same versions, each in its own SQL dialect.

export interface Migration {
  version: number;
  name: string;
  sql: string;
}
