// The harvester behind the SSRF guard the link checker uses: a source URL naming a private
// address is refused before anything is asked or stored, a provider's redirect to another
// loopback port is refused without allowPrivate and followed with it, and every hop is checked
// again (a public-looking first hop, stood in for by connectTo, cannot lead inside). Every server
// listens on loopback; nothing leaves this machine.

import assert from "node:assert/strict";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, describe, it } from "node:test";
import { harvest } from "../../src/exchange/harvest/harvest-run.js";
import { OaiClient, OaiRequestError } from "../../src/exchange/harvest/oai-client.js";
import { DEFAULT_LIMITS } from "../../src/server.js";
import { Refusal } from "../../src/validation/refusal.js";
import { type EngineHandle, sqlite } from "../engines.js";
import { fixture, type Replay, replay } from "../oai-replay.js";

const actor = { tokenId: null };
const FAST = { rate: 0, retries: 2, backoffMs: 5, timeoutMs: 10_000 };

/** A loopback server answering with `handle`, recording the requests' paths and queries. */
async function loopback(
  handle: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ origin: string; port: number; seen: string[]; server: Server }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? "");
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, port, seen, server };
}

describe("the harvester's SSRF guard", () => {
  let h: EngineHandle;
  /** The redirect's target: the recorded DSpace provider under /harvest-redirected/oai. */
  let inside: Replay;
  let insidePort = 0;
  /** Redirects each request by its path to a target the test names. */
  let provider: Awaited<ReturnType<typeof loopback>>;
  before(async () => {
    h = await sqlite.open();
    await h.store.namespaces.create({ nid: "nbn" }, actor);
    await h.store.organisations.create({ id: "hbz-lib", name: "Library" }, actor);
    inside = await replay("/harvest-redirected/oai");
    inside.answer("Identify", fixture("dspace-identify.xml"));
    inside.answer("list:oai_dc::", fixture("no-records-match.xml"));
    insidePort = Number(new URL(inside.url).port);
    provider = await loopback((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      const to: Record<string, string> = {
        "/to-inside/oai": `http://127.0.0.1:${insidePort}/harvest-redirected/oai`,
        "/to-127.0.0.2/oai": `http://127.0.0.2:${insidePort}/harvest-redirected/oai`,
        "/to-mapped/oai": `http://[::ffff:127.0.0.2]:${insidePort}/harvest-redirected/oai`,
        "/to-private/oai": "http://10.0.0.1/oai",
        "/to-metadata/oai": "http://169.254.169.254/latest/meta-data/",
        "/twice/oai": "/to-private/oai",
      };
      const target = to[url.pathname];
      if (target === undefined) res.writeHead(404).end();
      else res.writeHead(302, { location: `${target}${url.search}` }).end();
    });
  });
  after(async () => {
    provider.server.closeAllConnections();
    provider.server.close();
    await inside.close();
    await h.close();
  });

  it("refuses a source URL naming a loopback address before asking or storing anything", async () => {
    const asked = provider.seen.length;
    await assert.rejects(
      harvest(h.store, {
        url: `${provider.origin}/to-inside/oai`,
        organisation: "hbz-lib",
        metadataPrefix: "oai_dc",
        limits: DEFAULT_LIMITS,
        client: FAST,
      }),
      (error: unknown) => {
        assert.ok(error instanceof Refusal);
        assert.equal(error.kind, "bad-request");
        assert.equal(error.code, "blocked-address");
        assert.equal(
          error.message,
          `the source URL ${provider.origin}/to-inside/oai names 127.0.0.1, a loopback address; ` +
            "a harvest reaches private, loopback and link-local addresses only with --allow-private",
        );
        return true;
      },
    );
    assert.equal(provider.seen.length, asked, "nothing was asked");
    assert.deepEqual(await h.store.harvest.listSources(), [], "nothing was stored");
  });

  it("follows a redirect to another loopback port with allowPrivate, every request of the run", async () => {
    const asked = inside.log.length;
    const report = await harvest(h.store, {
      url: `${provider.origin}/to-inside/oai`,
      organisation: "hbz-lib",
      metadataPrefix: "oai_dc",
      limits: DEFAULT_LIMITS,
      client: { ...FAST, allowPrivate: true },
    });
    assert.equal(report.run.outcome, "completed", report.run.error ?? "");
    assert.deepEqual(
      inside.log.slice(asked).map((q) => q.get("verb")),
      ["Identify", "ListRecords"],
    );
  });

  it("refuses a redirect to another loopback address when only the provider's is allowed, once", async () => {
    const asked = provider.seen.length;
    const client = new OaiClient(`${provider.origin}/to-127.0.0.2/oai`, {
      ...FAST,
      allowAddresses: ["127.0.0.1"],
    });
    await assert.rejects(client.request({ verb: "Identify" }), (error: unknown) => {
      assert.ok(error instanceof OaiRequestError);
      assert.equal(
        error.message,
        `${provider.origin}/to-127.0.0.2/oai?verb=Identify: redirected to ` +
          `http://127.0.0.2:${insidePort}/harvest-redirected/oai?verb=Identify: refused: ` +
          "127.0.0.2 is a loopback address; " +
          "a harvest reaches private, loopback and link-local addresses only with --allow-private",
      );
      return true;
    });
    assert.equal(client.requests, 1, "a refusal is not retried");
    assert.equal(provider.seen.length, asked + 1);
  });

  it("checks every hop: a public-looking provider cannot redirect inside, however many hops it takes", async () => {
    // oai.provider.example stands for a public host; connectTo sends its connections to the
    // loopback provider, which the guard lets through only because its address is listed.
    const connectTo = new Map([["oai.provider.example", provider.origin]]);
    const before = inside.log.length;
    for (const [path, address] of [
      ["/to-127.0.0.2/oai", "127.0.0.2 is a loopback address"],
      // The URL parser writes the mapped address in hexadecimal.
      ["/to-mapped/oai", "::ffff:7f00:2 is a loopback address"],
      ["/to-private/oai", "10.0.0.1 is a private address"],
      ["/to-metadata/oai", "169.254.169.254 is a link-local address"],
      ["/twice/oai", "10.0.0.1 is a private address"],
    ]) {
      const client = new OaiClient(`http://oai.provider.example${path}`, {
        ...FAST,
        allowAddresses: ["127.0.0.1"],
        connectTo,
      });
      await assert.rejects(client.request({ verb: "Identify" }), (error: unknown) => {
        assert.ok(error instanceof OaiRequestError, String(error));
        assert.ok(error.message.includes(`refused: ${address};`), error.message);
        assert.match(error.message, /only with --allow-private$/);
        return true;
      });
    }
    assert.equal(inside.log.length, before, "nothing reached the inside");
    // Without its address listed, the stand-in itself is refused.
    const unlisted = new OaiClient("http://oai.provider.example/to-inside/oai", {
      ...FAST,
      connectTo,
    });
    await assert.rejects(
      unlisted.request({ verb: "Identify" }),
      /127\.0\.0\.1 is a loopback address/,
    );
  });
});
