// An HTTP answer as a value (status, headers, body): what the resolution fast path writes to node's
// response and fastify's reply sends, so both answer a request the same way.

import type { FastifyReply } from "fastify";

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body?: string;
}

export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  reply.code(answer.status).headers(answer.headers);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}
