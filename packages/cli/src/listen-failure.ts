// What `serve` and `sandbox` say when their server cannot start listening: the usual causes named
// with the address, so the user sees which port and why rather than a bare system error.

const LISTEN_CODES = new Set(["EADDRINUSE", "EACCES", "EADDRNOTAVAIL"]);

/** The error to raise for `error`, thrown while starting a server on `host` and `port`. */
export function listenFailure(error: unknown, host: string, port: number): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === undefined || !LISTEN_CODES.has(code)) return error;
  return Object.assign(
    new Error(`cannot listen on ${host} port ${port} (${code}): nothing started`),
    { code },
  );
}
