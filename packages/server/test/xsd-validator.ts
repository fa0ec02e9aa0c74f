// XML Schema validation for the tests, by fixtures/xsd-validate.pl (libxml2 through Perl's
// XML::LibXML, which Debian's libhttp-oai-perl brings; .ci/oai-peers.sh installs it). The
// published schemas it knows by URL are kept in fixtures/xsd/ (see its README.md).

import { execFile, execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const VALIDATOR = fileURLToPath(new URL("fixtures/xsd-validate.pl", import.meta.url));

/** Why validation cannot run here, or undefined when it can. */
export function missingValidator(): string | undefined {
  try {
    execFileSync("perl", ["-MXML::LibXML", "-e", "1"], { stdio: "ignore" });
    return undefined;
  } catch {
    return "the Perl module XML::LibXML is not installed (Debian: libxml-libxml-perl; .ci/oai-peers.sh installs it)";
  }
}

/** The published schemas fixtures/xsd/catalog.xml maps, which .ci/xsd-schemas.sh downloads. */
const PUBLISHED = ["OAI-PMH.xsd", "oai_dc.xsd", "simpledc20021212.xsd", "xml.xsd"];

/** Why the published schemas cannot be read here, or undefined when they can. */
export function missingSchemas(): string | undefined {
  const missing = PUBLISHED.filter(
    (f) => !existsSync(new URL(`fixtures/xsd/${f}`, import.meta.url)),
  );
  return missing.length === 0
    ? undefined
    : `the published schemas ${missing.join(", ")} are not in test/fixtures/xsd/ (.ci/xsd-schemas.sh downloads them)`;
}

/**
 * The validator's report for its arguments ([--also SCHEMA]... [--each XPATH] SCHEMA
 * DOCUMENT...): "valid\n" for each valid document, else the document's name and what is wrong.
 */
export async function xsdValidate(args: readonly string[]): Promise<string> {
  const { stdout } = await run("perl", [VALIDATOR, ...args], { timeout: 60_000 }).catch(
    (e: { stdout?: string; stderr?: string }) => ({ stdout: `${e.stdout ?? ""}${e.stderr ?? ""}` }),
  );
  return stdout;
}
