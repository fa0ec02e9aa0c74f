// A bounded load of resolutions and writes against a listening server, for the database outage
// tests: a few loops of GET /{urn} and one of record creations, each answer kept with its
// status, its Retry-After and when it came, until stopped. Also the listener that fails a test
// on a promise rejection nobody handled (what ended the process before).

export interface LoadAnswer {
  kind: "resolve" | "write";
  status: number;
  retryAfter: string | null;
  code: string | null;
  /** When the request was sent and when it was answered (Date.now()). */
  sent: number;
  answered: number;
}

export interface Load<A = LoadAnswer> {
  answers: A[];
  /** Stops sending and resolves once every request in flight has its answer. */
  stop(): Promise<A[]>;
}

/** The loops `start` begins, each sending while `running()` and keeping its answers in `answers`. */
export function loadOf<A>(
  start: (running: () => boolean, answers: A[]) => Promise<void>[],
): Load<A> {
  const answers: A[] = [];
  let stopped = false;
  const loops = start(() => !stopped, answers);
  return {
    answers,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return answers;
    },
  };
}

/** Requests at most this long; a request without an answer by then counts as status 0. */
const REQUEST_LIMIT_MS = 20_000;

/** One request's answer as the load tests keep it; status 0 when none came within `limitMs`. */
export interface TimedAnswer {
  status: number;
  retryAfter: string | null;
  /** A JSON answer's code and URN (none otherwise). */
  body: { code?: string; urn?: string };
  /** When the request was sent and when it was answered (Date.now()). */
  sent: number;
  answered: number;
}

export async function timedRequest(
  url: string,
  init: RequestInit,
  limitMs: number,
): Promise<TimedAnswer> {
  const sent = Date.now();
  try {
    const response = await fetch(url, {
      redirect: "manual",
      signal: AbortSignal.timeout(limitMs),
      ...init,
    });
    const text = await response.text();
    let body: TimedAnswer["body"] = {};
    if (response.headers.get("content-type")?.includes("json")) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (typeof parsed === "object" && parsed !== null) body = parsed;
      } catch {
        body = {};
      }
    }
    const retryAfter = response.headers.get("retry-after");
    return { status: response.status, retryAfter, body, sent, answered: Date.now() };
  } catch {
    return { status: 0, retryAfter: null, body: {}, sent, answered: Date.now() };
  }
}

async function ask(kind: LoadAnswer["kind"], url: string, init: RequestInit): Promise<LoadAnswer> {
  const { status, retryAfter, body, sent, answered } = await timedRequest(
    url,
    init,
    REQUEST_LIMIT_MS,
  );
  return { kind, status, retryAfter, code: body.code ?? null, sent, answered };
}

/**
 * Starts `resolvers` loops resolving `urn` and one loop creating records urn:example:load-… with
 * `token`, a pause of `pauseMs` between requests of a loop.
 */
export function startLoad(
  base: string,
  options: { urn: string; token: string; resolvers?: number; pauseMs?: number },
): Load {
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.pauseMs ?? 5));
  return loadOf<LoadAnswer>((running, answers) => {
    const resolver = async () => {
      while (running()) {
        answers.push(await ask("resolve", `${base}/${options.urn}`, {}));
        await pause();
      }
    };
    let n = 0;
    const writer = async () => {
      while (running()) {
        n += 1;
        answers.push(
          await ask("write", `${base}/api/v1/urns`, {
            method: "POST",
            headers: {
              authorization: `Bearer ${options.token}`,
              "content-type": "application/json",
            },
            body: JSON.stringify({ urn: `urn:example:load-${process.pid}-${n}`, status: "active" }),
          }),
        );
        await pause();
      }
    };
    return [...Array.from({ length: options.resolvers ?? 3 }, resolver), writer()];
  });
}

/** Rejections nobody handled while it listens: the outage tests expect none. */
export function watchUnhandledRejections(): { rejections: unknown[]; stop(): void } {
  const rejections: unknown[] = [];
  const listener = (reason: unknown) => rejections.push(reason);
  process.on("unhandledRejection", listener);
  return { rejections, stop: () => process.off("unhandledRejection", listener) };
}

/** Polls `check` every 100 ms until it is true; fails after `limitMs`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  limitMs = 30_000,
): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
