// requestFields reads the header fields resolution needs from rawHeaders, as node's
// request.headers gives them: checked against node itself on requests sent as raw bytes, with
// fields in any case, sent twice, and among others (a fast-check property).

import assert from "node:assert/strict";
import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import { connect } from "node:net";
import { after, before, describe, it } from "node:test";
import fc from "fast-check";
import { requestFields } from "../src/http/request-fields.js";

const NAMES = [
  "host",
  "accept",
  "user-agent",
  "x-request-id",
  "if-none-match",
  "x-other",
  "acceptx",
];

describe("requestFields", () => {
  let port = 0;
  let seen: (request: IncomingMessage) => void = () => {};
  const server = createServer((request, response) => {
    seen(request);
    response.end();
  });
  before(async () => {
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as { port: number }).port;
  });
  after(() => server.close());

  /** Sends `lines` as a request's header section; resolves with node's view and requestFields'. */
  async function read(lines: [string, string][]) {
    const request = new Promise<IncomingMessage>((resolve) => {
      seen = resolve;
    });
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => {});
    socket.end(`GET / HTTP/1.1\r\n${lines.map(([n, v]) => `${n}: ${v}\r\n`).join("")}\r\n`);
    const r = await request;
    socket.destroy();
    const h = r.headers;
    const node = {
      host: h.host,
      accept: h.accept,
      ifNoneMatch: h["if-none-match"],
      userAgent: h["user-agent"],
      requestId: h["x-request-id"] as string | undefined,
    };
    return { node, fields: requestFields(r) };
  }

  it("keeps the first Host and User-Agent and joins Accept, If-None-Match and X-Request-Id", async () => {
    const { node, fields } = await read([
      ["HOST", "a.example"],
      ["Host", "b.example"],
      ["Accept", "text/html"],
      ["accept", "application/json"],
      ["User-Agent", "first"],
      ["user-agent", "second"],
      ["X-Request-ID", "r1"],
      ["x-request-id", "r2"],
      ["If-None-Match", '"e1"'],
      ["if-none-match", '"e2"'],
    ]);
    assert.deepEqual(fields, {
      host: "a.example",
      accept: "text/html, application/json",
      ifNoneMatch: '"e1", "e2"',
      userAgent: "first",
      requestId: "r1, r2",
    });
    assert.deepEqual(fields, node);
  });

  it("reads what node reads, for any mix of fields and case", async () => {
    const name = fc
      .tuple(fc.constantFrom(...NAMES), fc.array(fc.boolean(), { minLength: 13, maxLength: 13 }))
      .map(([n, upper]) => [...n].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join(""));
    const value = fc.stringMatching(/^[!-~]([ !-~]{0,10}[!-~])?$/);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(name, value), { maxLength: 8 }), async (lines) => {
        // Node refuses an HTTP/1.1 request without Host before the listener sees it.
        const { node, fields } = await read([["Host", "h.example"], ...lines]);
        assert.deepEqual(fields, node);
      }),
      { numRuns: 60 },
    );
  });
});
