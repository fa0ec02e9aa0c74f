// A loopback OAI-PMH provider for the harvest bench, in a process of its own so that its work
// is not counted against the harvester: `pages` ListRecords pages of `size` oai_dc records each
// (a urn:nbn:de URN with its check digit and two URLs), rendered once and served from memory,
// chained by resumption tokens ("p1", "p2", …), the last with an empty token. It prints its URL
// on standard output once it listens.

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { nbnDeCheckDigit } from "@urnkit/namespaces";

const [pages = 50, size = 1000] = process.argv.slice(2).map(Number);
const OAI = "http://www.openarchives.org/OAI/2.0/";
const head = `<?xml version="1.0" encoding="UTF-8"?><OAI-PMH xmlns="${OAI}"><responseDate>2026-11-25T12:00:00Z</responseDate><request verb="ListRecords">http://127.0.0.1/oai</request>`;
const identify = `${head}<Identify><repositoryName>bench</repositoryName><baseURL>http://127.0.0.1/oai</baseURL><protocolVersion>2.0</protocolVersion><adminEmail>bench@example.org</adminEmail><earliestDatestamp>2026-01-01T00:00:00Z</earliestDatestamp><deletedRecord>no</deletedRecord><granularity>YYYY-MM-DDThh:mm:ssZ</granularity></Identify></OAI-PMH>`;

function page(p: number): string {
  const records: string[] = [];
  for (let i = 0; i < size; i++) {
    const n = p * size + i;
    const base = `urn:nbn:de:hbz:465-bench-${n}`;
    const urn = base + nbnDeCheckDigit(base);
    records.push(
      `<record><header><identifier>oai:bench.example.org:${n}</identifier><datestamp>2026-11-01T00:00:00Z</datestamp><setSpec>col_1</setSpec></header><metadata><oai_dc:dc xmlns:oai_dc="http://www.openarchives.org/OAI/2.0/oai_dc/" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Bench record ${n}</dc:title><dc:creator>Example, Erika</dc:creator><dc:date>2026-11-01</dc:date><dc:identifier>https://bench.example.org/handle/1/${n}</dc:identifier><dc:identifier>${urn}</dc:identifier><dc:identifier>https://bench.example.org/bitstream/1/${n}/file.pdf</dc:identifier><dc:type>Text</dc:type></oai_dc:dc></metadata></record>`,
    );
  }
  const token = p + 1 < pages ? `p${p + 1}` : "";
  return `${head}<ListRecords>${records.join("")}<resumptionToken completeListSize="${pages * size}" cursor="${p * size}">${token}</resumptionToken></ListRecords></OAI-PMH>`;
}

const rendered = Array.from({ length: pages }, (_, p) => Buffer.from(page(p)));
const server = createServer((req, res) => {
  const q = new URL(req.url ?? "/", "http://x").searchParams;
  const token = q.get("resumptionToken");
  const body =
    q.get("verb") === "Identify"
      ? Buffer.from(identify)
      : rendered[token === null ? 0 : Number(token.slice(1))];
  res.writeHead(200, { "content-type": "text/xml; charset=utf-8" }).end(body);
});
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}/oai\n`);
});
