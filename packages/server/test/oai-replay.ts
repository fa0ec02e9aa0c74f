// A loopback OAI-PMH provider that replays recorded responses: each request is matched by its
// verb and arguments (a resumption token, or metadataPrefix/set/from), answers are taken in order
// (the last one repeats), and every request is logged for the test to check what was asked.

import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body: string;
  /** Answered this long after the request (a slow provider). */
  delayMs?: number;
}

export interface Replay {
  url: string;
  /** The query strings asked, in order. */
  log: URLSearchParams[];
  /** Sets the answers for a request key (see keyOf). */
  answer(key: string, ...answers: (Answer | string)[]): void;
  close(): Promise<void>;
}

export function fixture(name: string): string {
  return readFileSync(new URL(`fixtures/oai/${name}`, import.meta.url), "utf8");
}

/** "Identify", "token:<token>", or "list:<prefix>:<set>:<from>". */
export function keyOf(q: URLSearchParams): string {
  const verb = q.get("verb") ?? "";
  if (verb !== "ListRecords") return verb;
  const token = q.get("resumptionToken");
  if (token !== null) return `token:${token}`;
  return `list:${q.get("metadataPrefix") ?? ""}:${q.get("set") ?? ""}:${q.get("from") ?? ""}`;
}

export async function replay(path = "/oai"): Promise<Replay> {
  const answers = new Map<string, Answer[]>();
  const log: URLSearchParams[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    const key = keyOf(url.searchParams);
    log.push(url.searchParams);
    const queue = answers.get(key);
    if (url.pathname !== path || queue === undefined || queue.length === 0) {
      res.writeHead(404, { "content-type": "text/plain" }).end(`no recorded answer for ${key}`);
      return;
    }
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) as Answer;
    const send = () =>
      res
        .writeHead(answer.status ?? 200, {
          "content-type": "text/xml; charset=utf-8",
          ...answer.headers,
        })
        .end(answer.body);
    if (answer.delayMs === undefined) send();
    else setTimeout(send, answer.delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    log,
    answer(key, ...list) {
      answers.set(
        key,
        list.map((a) => (typeof a === "string" ? { body: a } : a)),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
