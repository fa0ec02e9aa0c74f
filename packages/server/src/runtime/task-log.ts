// Where a background task (statistics flush, link checks) reports that a write failed, what it
// keeps to try again, and that it recovered: the server's logger, or nothing (tests, benchmarks).
// The shape is pino's, which fastify's `app.log` is.

export interface TaskLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

const nothing = () => {};

export const SILENT_LOG: TaskLog = { info: nothing, warn: nothing, error: nothing };
