// The loopback servers of bench/links.ts, in a process of their own (so that the checker's
// figure is not charged with their work): one server on each of 127.0.0.2 … 127.0.0.(n+1), each
// answering every request after a delay. Over IPC: sends the origins once listening; on "count",
// answers with the requests each server saw and the most it had in flight at once, and resets
// that peak.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const count = Number(process.argv[2]);
const delayMs = Number(process.argv[3]);
const hosts = await Promise.all(
  Array.from({ length: count }, async (_, i) => {
    const h = { requests: 0, inFlight: 0, peak: 0, origin: "" };
    const server = createServer((_req, res) => {
      h.requests++;
      h.inFlight++;
      h.peak = Math.max(h.peak, h.inFlight);
      setTimeout(() => {
        h.inFlight--;
        res.writeHead(200, { "content-type": "text/html", "content-length": "0" }).end();
      }, delayMs);
    });
    const address = `127.0.0.${i + 2}`;
    await new Promise<void>((resolve) => server.listen(0, address, resolve));
    h.origin = `http://${address}:${(server.address() as AddressInfo).port}`;
    return h;
  }),
);
process.on("message", (message) => {
  if (message === "count") {
    process.send?.(hosts.map(({ requests, peak }) => ({ requests, peak })));
    for (const h of hosts) h.peak = h.inFlight;
  }
});
process.send?.(hosts.map((h) => h.origin));
