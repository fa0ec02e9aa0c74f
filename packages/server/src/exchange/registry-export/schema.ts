// The JSON Schema of a whole registry's export, one document for every line (a line is valid when
// it is one of the kinds), made from the schemas the import checks lines with and published as
// schema/registry-export.schema.json, so that another implementation can read a urnkit registry.

import {
  REGISTRY_FORMAT,
  REGISTRY_FORMAT_VERSION,
  REGISTRY_LINE_SCHEMAS,
} from "../../validation/registry-export.js";

/** The schema document of one line of the format. */
export function registryExportSchema(): object {
  const definitions = Object.fromEntries(
    Object.entries(REGISTRY_LINE_SCHEMAS).map(([kind, schema]) => [kind, schema]),
  );
  return {
    $schema: "http://json-schema.org/draft-07/schema#",
    title: `urnkit registry export, version ${REGISTRY_FORMAT_VERSION}`,
    description:
      `One line of a whole registry's export: newline-delimited JSON, each line one object with ` +
      `one key naming its kind. The first line is the "${REGISTRY_FORMAT}" line (the format's ` +
      `version, which opt-in lines the file holds); the last is the "end" line counting the lines ` +
      `before it. Between them, in this order: namespace, namespace-template, organisation, ` +
      `prefix, token, record, link-health, link-check, harvest-source, harvest-run, ` +
      `harvest-refusal, resolution-count, stat-resolution, stat-assignment, stat-resolution-urn, ` +
      `stat-urn-log, audit. Objects refer to each other by what names them in every registry ` +
      `(a URN, a locator's URN and URL, a token's hash, a harvest source's URL, set and metadata ` +
      `prefix, a run's source and start), never by a database's row ids.`,
    oneOf: Object.keys(definitions).map((kind) => ({ $ref: `#/definitions/${kind}` })),
    definitions,
  };
}

/** The published file's text. */
export function registryExportSchemaText(): string {
  return `${JSON.stringify(registryExportSchema(), null, 2)}\n`;
}
