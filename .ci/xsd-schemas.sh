#!/bin/sh
# Downloads the published XML Schemas the OAI-PMH schema tests validate against
# (packages/server/test/exchange/oai-schemas.test.ts) into packages/server/test/fixtures/xsd/, from their
# canonical URLs, when they are not there yet; they are not kept in the repository (that
# directory's README.md). Each must be an XML Schema of the namespace it is published for; the
# tests then read them through the directory's catalog and never from the network. Where the
# publishers' sites cannot be reached, the tests say so and skip: nothing else depends on them.
set -eu
cd "$(dirname "$0")/../packages/server/test/fixtures/xsd"
node --input-type=module - <<'JS'
import { existsSync, writeFileSync } from "node:fs";
const schemas = [
  ["OAI-PMH.xsd", "http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd", "http://www.openarchives.org/OAI/2.0/"],
  ["oai_dc.xsd", "http://www.openarchives.org/OAI/2.0/oai_dc.xsd", "http://www.openarchives.org/OAI/2.0/oai_dc/"],
  ["simpledc20021212.xsd", "http://dublincore.org/schemas/xmls/simpledc20021212.xsd", "http://purl.org/dc/elements/1.1/"],
  ["xml.xsd", "http://www.w3.org/2001/03/xml.xsd", "http://www.w3.org/XML/1998/namespace"],
];
for (const [file, url, namespace] of schemas) {
  if (existsSync(file)) {
    console.log(`${file}: present`);
    continue;
  }
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(15000) });
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    if (!body.toString("utf8").includes(`targetNamespace="${namespace}"`))
      throw new Error(`not an XML Schema of ${namespace}`);
    writeFileSync(file, body);
    console.log(`${file}: ${body.length} bytes from ${url}`);
  } catch (error) {
    console.log(`${file}: not fetched from ${url} (${error.cause?.code ?? error.message}); the schema tests will skip`);
  }
}
JS
