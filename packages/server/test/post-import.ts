// POST /api/v1/import through a built server, as a client sends an NDJSON file: the answer, and
// the events it streams (one JSON object a line).

import type { FastifyInstance, LightMyRequestResponse } from "fastify";

/** `lines` as an NDJSON file: one JSON object a line, each ended by a newline. */
export function ndjson(lines: readonly object[]): string {
  return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
}

/** An event of the answer, as JSON.parse gives it. */
type ImportEvent = ReturnType<typeof JSON.parse>;

export async function postImport(
  app: FastifyInstance,
  token: string | null,
  payload: string,
): Promise<{ response: LightMyRequestResponse; events: ImportEvent[] }> {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/import",
    headers: {
      "content-type": "application/x-ndjson",
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    payload,
  });
  const events =
    response.statusCode === 200
      ? response.body
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line))
      : [];
  return { response, events };
}
