// Providers that would keep the harvester busy or fill its memory: elements nested ever deeper,
// one element with endless attributes or an endless attribute value, an endless text run or an
// element's text in endless pieces, bytes trickled slower than the timeout, an answer that never
// comes, and a compressed answer that unpacks past the size bound. Each request fails with its
// bound's error and ends (the provider sees the harvester hang up); only errors are asserted,
// never speeds. Every provider listens on loopback.

import assert from "node:assert/strict";
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, describe, it } from "node:test";
import { gzipSync } from "node:zlib";
import { OaiClient, OaiRequestError } from "../../src/exchange/harvest/oai-client.js";
import { OaiFormatError } from "../../src/exchange/harvest/oai-response.js";
import { fixture } from "../oai-replay.js";

const OAI = "http://www.openarchives.org/OAI/2.0/";
const HEAD = `<?xml version="1.0"?><OAI-PMH xmlns="${OAI}"><responseDate>2026-11-20T10:00:00Z</responseDate><ListRecords>`;
const CLIENT = { rate: 0, retries: 0, allowPrivate: true, timeoutMs: 20_000 };

interface Provider {
  url: string;
  /** Resolves when the harvester has hung up on the answer. */
  hungUp: Promise<void>;
}

const servers: Server[] = [];
after(() => {
  for (const server of servers) server.closeAllConnections();
  for (const server of servers) server.close();
});

/** A loopback provider answering every request with `answer`. */
async function provider(answer: (res: ServerResponse) => void): Promise<Provider> {
  let hangUp = () => {};
  const hungUp = new Promise<void>((resolve) => {
    hangUp = resolve;
  });
  const server = createServer((_req, res) => {
    res.on("close", hangUp);
    answer(res);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/oai`, hungUp };
}

/** An answer of `head`, then `piece(0)`, `piece(1)` and on, as fast as the harvester takes it. */
function endless(head: string, piece: (i: number) => string): (res: ServerResponse) => void {
  return (res) => {
    res.writeHead(200, { "content-type": "text/xml" });
    res.write(head);
    let open = true;
    let pieces = 0;
    res.on("close", () => {
      open = false;
    });
    const pump = () => {
      while (open) if (!res.write(piece(pieces++))) return void res.once("drain", pump);
    };
    pump();
  };
}

/** Asks Identify of `p` and hands back what the request failed with. */
async function failure(p: Provider, options: object = {}): Promise<Error> {
  const client = new OaiClient(p.url, { ...CLIENT, ...options });
  const error = await client.request({ verb: "Identify" }).then(
    () => assert.fail("the request succeeded"),
    (e: unknown) => e,
  );
  await p.hungUp;
  assert.ok(error instanceof Error);
  return error;
}

describe("hostile providers", { timeout: 120_000 }, () => {
  /**
   * Answers that never end, each refused by the XML reader at one of its bounds: what follows the
   * head over and over (`piece(i)` for the ith time), the client's options, and the refusal.
   */
  const endlessAnswers: Array<{
    name: string;
    head: string;
    piece: (i: number) => string;
    options: object;
    message: string;
  }> = [
    {
      name: "elements nested ever deeper: refused at level 65, within a timeout of a few seconds",
      head: HEAD,
      piece: () => "<a>".repeat(1024),
      options: { timeoutMs: 5000 },
      message:
        "the response is refused: elements nested 65 levels deep (<a>), past the limit of 64",
    },
    {
      name: "one element with endless attributes, under a small size bound: refused past 256",
      head: `${HEAD}<record`,
      piece: (i) => Array.from({ length: 64 }, (_, k) => ` a${i * 64 + k}="x"`).join(""),
      options: { maxBytes: 1024 * 1024 },
      message:
        "the response is refused: an element <record> with more than 256 attributes (the limit)",
    },
    {
      name: "one endless attribute value: the start tag is refused past 64 Ki characters",
      head: `${HEAD}<record a="`,
      piece: () => "x".repeat(4096),
      options: { maxBytes: 8 * 1024 * 1024 },
      message:
        "the response is refused: a start tag <record …> longer than 65536 characters (the limit)",
    },
    {
      name: "an endless text run: refused past 1 Mi characters, under a larger size bound",
      head: `${HEAD}<record>`,
      piece: () => "x".repeat(4096),
      options: { maxBytes: 16 * 1024 * 1024 },
      message:
        "the response is refused: more than 1048576 characters without a tag, attribute or text (the limit)",
    },
    {
      name: "an element's text in endless pieces (text and CDATA by turns): refused past 1 Mi characters",
      head: `${HEAD}<record>`,
      piece: () => "<![CDATA[x]]>y".repeat(256),
      options: { maxBytes: 16 * 1024 * 1024 },
      message:
        "the response is refused: an element <record> whose text is longer than 1048576 characters (the limit)",
    },
  ];
  for (const { name, head, piece, options, message } of endlessAnswers)
    it(name, async () => {
      const error = await failure(await provider(endless(head, piece)), options);
      assert.ok(error instanceof OaiFormatError, String(error));
      assert.equal(error.message, message);
    });

  it("bytes trickled slower than the timeout: the timeout holds for the body, retries included", async () => {
    const p = await provider((res) => {
      res.writeHead(200, { "content-type": "text/xml" });
      res.write(HEAD);
      const tick = setInterval(() => res.write(" "), 50);
      res.on("close", () => clearInterval(tick));
    });
    const error = await failure(p, { timeoutMs: 1000 });
    assert.ok(error instanceof OaiRequestError, String(error));
    assert.equal(
      error.message,
      `${p.url}?verb=Identify: no complete answer within 1 s (gave up after 1 attempts)`,
    );
    const twice = new OaiClient(p.url, { ...CLIENT, timeoutMs: 500, retries: 1, backoffMs: 1 });
    await assert.rejects(twice.request({ verb: "Identify" }), /within 0\.5 s \(gave up after 2/);
    assert.equal(twice.requests, 2);
  });

  it("an answer whose head never comes: the same timeout", async () => {
    const p = await provider(() => {});
    const error = await failure(p, { timeoutMs: 500 });
    assert.match(error.message, /no complete answer within 0\.5 s/);
  });

  it("reads a gzip answer; one that unpacks past the size bound is cut off", async () => {
    const answer = (body: Buffer) => (res: ServerResponse) =>
      res.writeHead(200, { "content-type": "text/xml", "content-encoding": "gzip" }).end(body);
    const identify = await provider(answer(gzipSync(fixture("dspace-identify.xml"))));
    const client = new OaiClient(identify.url, CLIENT);
    assert.equal((await client.request({ verb: "Identify" })).granularity, "YYYY-MM-DDThh:mm:ssZ");
    const compress = await provider((res) =>
      res.writeHead(200, { "content-encoding": "compress" }).end("x"),
    );
    assert.equal(
      (await failure(compress)).message,
      `${compress.url}?verb=Identify: the response's Content-Encoding compress is not supported`,
    );
    // 16 MiB of spaces inside the root element pack into 16 KiB.
    const bomb = gzipSync(Buffer.concat([Buffer.from(HEAD), Buffer.alloc(16 * 1024 * 1024, 32)]));
    const p = await provider(answer(bomb));
    const error = await failure(p, { maxBytes: 1024 * 1024 });
    assert.ok(error instanceof OaiRequestError, String(error));
    assert.equal(error.message, `${p.url}?verb=Identify: the response is over 1048576 bytes`);
  });
});
