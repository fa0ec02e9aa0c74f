// `npm run gen:registry`: regenerates src/registry.generated.ts from the IANA snapshots kept in
// data/ (iana-urn-namespaces.csv, iana-urn-ietf-params.csv). With --namespaces and/or --ietf
// (a file or an http(s) URL), first refreshes those snapshots from the source given: a snapshot
// CSV, or for --namespaces also IANA's own urn-namespaces.xml (iana-xml.ts). Each source is read
// and checked in full before anything is written, so a bad source leaves data/ as it was. The
// package never reads data/ at run time.

import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isXml, namespacesCsvFromIanaXml } from "./iana-xml.js";
import {
  readIetfRows,
  readNamespaceRows,
  renderRegistryModule,
  snapshotDate,
} from "./registry-csv.js";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const NAMESPACES_SNAPSHOT = resolve(packageDir, "data/iana-urn-namespaces.csv");
const IETF_SNAPSHOT = resolve(packageDir, "data/iana-urn-ietf-params.csv");
const target = resolve(packageDir, "src/registry.generated.ts");

const USAGE = `usage: npm run gen:registry [-- [--namespaces <file|url>] [--ietf <file|url>]]
  --namespaces  a new "URN Namespaces" snapshot for data/iana-urn-namespaces.csv, or IANA's
                urn-namespaces.xml (https://www.iana.org/assignments/urn-namespaces/urn-namespaces.xml)
  --ietf        a new "IETF URN Sub-namespaces and params" snapshot for data/iana-urn-ietf-params.csv
A snapshot is the CSV of data/: "#" comment lines, one saying "registry last updated YYYY-MM-DD",
then the header (nid,kind,reference,registered,note or table,name,reference,registry) and rows.`;

/** A failure the user can act on: printed without a stack trace. */
class Refused extends Error {}

/** The text at `source`, an http(s) URL or a file path. */
async function readSource(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source);
    } catch (error) {
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      throw new Refused(`cannot fetch ${source}: ${cause ?? (error as Error).message}`);
    }
    if (!response.ok) throw new Refused(`cannot fetch ${source}: HTTP ${response.status}`);
    return response.text();
  }
  try {
    return readFileSync(source, "utf8");
  } catch (error) {
    throw new Refused(`cannot read ${source}: ${(error as Error).message}`);
  }
}

/**
 * Reads `source` and checks it parses as a snapshot with `check`; returns its text. `fromXml`
 * converts IANA's XML when the source is XML (absent: XML is refused).
 */
async function snapshotFrom(
  source: string,
  check: (text: string) => unknown,
  fromXml?: (xml: string) => string,
): Promise<string> {
  let text = await readSource(source);
  try {
    if (isXml(text)) {
      if (fromXml === undefined) throw new Error("IANA's XML is read for --namespaces only");
      text = fromXml(text);
    }
    check(text);
    snapshotDate(text);
  } catch (error) {
    throw new Refused(`${source} is not a registry snapshot: ${(error as Error).message}`);
  }
  return text;
}

/** Writes `text` to `path` unless it already holds exactly that (a refresh that changes nothing
 * leaves every file, and its modification time, alone). */
function update(path: string, text: string): boolean {
  let old: string | null = null;
  try {
    old = readFileSync(path, "utf8");
  } catch {
    // No file yet: written below.
  }
  if (old === text) return false;
  writeFileSync(path, text);
  return true;
}

async function main(args: string[]): Promise<void> {
  let values: { namespaces?: string | undefined; ietf?: string | undefined };
  try {
    ({ values } = parseArgs({
      args,
      options: { namespaces: { type: "string" }, ietf: { type: "string" } },
      strict: true,
    }));
  } catch (error) {
    throw new Refused(`${(error as Error).message}\n${USAGE}`);
  }
  // Both sources are read and checked before either file is replaced.
  const namespaces =
    values.namespaces === undefined
      ? null
      : await snapshotFrom(values.namespaces, readNamespaceRows, (xml) =>
          namespacesCsvFromIanaXml(
            xml,
            readFileSync(NAMESPACES_SNAPSHOT, "utf8"),
            values.namespaces as string,
          ),
        );
  const ietf = values.ietf === undefined ? null : await snapshotFrom(values.ietf, readIetfRows);
  for (const [path, text] of [
    [NAMESPACES_SNAPSHOT, namespaces],
    [IETF_SNAPSHOT, ietf],
  ] as const) {
    if (text !== null) console.log(`${update(path, text) ? "updated" : "unchanged"}: ${path}`);
  }
  const text = renderRegistryModule(
    readFileSync(NAMESPACES_SNAPSHOT, "utf8"),
    readFileSync(IETF_SNAPSHOT, "utf8"),
  );
  console.log(`${update(target, text) ? "wrote" : "unchanged"}: ${target}`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const message = error instanceof Refused ? error.message : String((error as Error).stack);
  console.error(`gen:registry: ${message}`);
  process.exitCode = 1;
});
