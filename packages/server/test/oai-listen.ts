// The OAI-PMH provider of a built server on a loopback port, for the tests that harvest it over
// HTTP as a harvester would: its base URL.

import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/oai`;
}
