// The lines of a whole registry's export (exchange/registry-export/): what each may hold, as JSON
// Schema. The import checks every line against these, and the schema published with the package
// (schema/registry-export.schema.json) is made from them, so a reader elsewhere holds a line to
// the same rules. A line is one JSON object with one key naming its kind. Organisation and prefix
// lines are those of the record export; a record line is its record line with what a restore
// needs besides (when it was last changed, when each successor and identifier was linked, each
// locator's link-check marks).

import { delegateSchema, mintSchema } from "./namespace.js";
import { organisationId } from "./organisation.js";
import { identifierSchema, recordLineSchema, timestamp, urnString } from "./record.js";
import { organisationLine, prefixLine } from "./registry-lines.js";
import { tokenBodySchema } from "./token.js";

export const REGISTRY_FORMAT = "urnkit-registry";
export const REGISTRY_FORMAT_VERSION = 1;

const count = { type: "integer", minimum: 0, maximum: 9007199254740991 } as const;
const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
const nullable = (schema: object) => ({ anyOf: [schema, { type: "null" }] });
const day = { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" } as const;
const nid = { type: "string", minLength: 1, maxLength: 32 } as const;
const url = { type: "string", minLength: 1, maxLength: 8192 } as const;
const orEmpty = (schema: object) => ({ anyOf: [schema, { type: "string", maxLength: 0 }] });

/** A line of `kind`: an object with the one key `kind` holding `body`. */
function line(kind: string, body: object, description: string) {
  return {
    type: "object",
    description,
    properties: { [kind]: body },
    required: [kind],
    additionalProperties: false,
  } as const;
}

function object(properties: Record<string, object>, optional: readonly string[] = []) {
  return {
    type: "object",
    properties,
    required: Object.keys(properties).filter((k) => !optional.includes(k)),
    additionalProperties: false,
  } as const;
}

const headerLine = line(
  REGISTRY_FORMAT,
  object({
    version: { type: "integer", minimum: 1 },
    tokens: { type: "boolean", description: "Whether the token lines are in the file" },
    history: { type: "boolean", description: "Whether the audit log's lines are in the file" },
  }),
  "The first line: the format, its version, and which opt-in lines the file holds",
);

const endLine = line(
  "end",
  object({ lines: { ...count, description: "The lines before this one, the first included" } }),
  "The last line: a file without it was cut short",
);

const namespaceLine = line(
  "namespace",
  object({
    nid,
    templateRevision: count,
    mint: mintSchema,
    mintNext: { type: "integer", minimum: 1 },
    redirectStatus: { type: "integer", enum: [302, 303, 307] },
    maxAge: count,
    delegate: delegateSchema,
    local: { type: "boolean" },
    created: timestamp,
    updated: timestamp,
  }),
  "A namespace served here: its minting policy and where the sequence stands, redirects, delegations",
);

const namespaceTemplateLine = line(
  "namespace-template",
  object({ nid, revision: count, template: nullable(text(1048576)), created: timestamp }),
  "A revision of a namespace's registration template (RFC 8141 §6)",
);

const tokenLine = line(
  "token",
  object(
    {
      hash: { type: "string", minLength: 1, maxLength: 128 },
      role: tokenBodySchema.properties.role,
      namespace: tokenBodySchema.properties.namespace,
      organisation: tokenBodySchema.properties.organisation,
      label: tokenBodySchema.properties.label,
      created: timestamp,
      revoked: nullable(timestamp),
    },
    ["namespace", "organisation", "label", "revoked"],
  ),
  "An API token, by the hash of its secret (the secret itself is never stored)",
);

const recordFields = recordLineSchema.properties;
const recordLine = line(
  "record",
  {
    ...object(
      {
        ...recordFields,
        locators: {
          ...recordFields.locators,
          items: object(
            {
              ...recordFields.locators.items.properties,
              linkFailing: { type: "boolean", description: "Ranked last: failing its checks" },
              linkChecked: { type: "boolean", description: "Checked (or put off) at least once" },
            },
            ["priority", "mediaType", "active", "owner", "linkFailing", "linkChecked"],
          ),
        },
        successors: {
          ...recordFields.successors,
          items: object({ urn: urnString, created: timestamp }),
        },
        identifiers: {
          ...recordFields.identifiers,
          items: object({ ...identifierSchema.properties, created: timestamp }),
        },
        updated: timestamp,
      },
      [
        "locators",
        "metadata",
        "reason",
        "deactivated",
        "successors",
        "organisation",
        "prefix",
        "identifiers",
      ],
    ),
  },
  "A URN record: state, metadata, owner and prefix, locators, successors, identifiers, times",
);

const locatorReference = { urn: urnString, url };

const linkHealthLine = line(
  "link-health",
  object({
    ...locatorReference,
    checked: nullable(timestamp),
    outcome: nullable(text(64)),
    status: nullable({ type: "integer" }),
    finalUrl: nullable(url),
    latencyMs: count,
    message: nullable(text(4096)),
    failures: count,
    demoted: { type: "boolean" },
    notBefore: nullable(timestamp),
  }),
  "A checked locator's health, the locator named by its record's URN and its URL",
);

const linkCheckLine = line(
  "link-check",
  object({
    ...locatorReference,
    checked: timestamp,
    outcome: text(64),
    status: nullable({ type: "integer" }),
    finalUrl: nullable(url),
    latencyMs: count,
    message: nullable(text(4096)),
  }),
  "One check of a locator, in the order they were made",
);

const sourceReference = {
  url,
  set: orEmpty(text(1024)),
  metadataPrefix: { type: "string", minLength: 1, maxLength: 255 },
};

const harvestSourceLine = line(
  "harvest-source",
  object({
    ...sourceReference,
    organisation: organisationId,
    granularity: nullable(text(64)),
    lastResponseDate: nullable(text(64)),
    pendingToken: nullable(text(8192)),
    pendingFrom: nullable(text(64)),
    pendingResponseDate: nullable(text(64)),
    created: timestamp,
    updated: timestamp,
  }),
  "An OAI-PMH source harvested for an organisation, and where its harvest stands",
);

const harvestRunLine = line(
  "harvest-run",
  object({
    ...sourceReference,
    started: timestamp,
    finished: nullable(timestamp),
    outcome: { type: "string", enum: ["running", "completed", "failed", "interrupted"] },
    requestFrom: nullable(text(64)),
    resumed: { type: "boolean" },
    pages: count,
    records: count,
    recordsCreated: count,
    recordsUpdated: count,
    recordsUnchanged: count,
    recordsDeleted: count,
    recordsRefused: count,
    error: nullable(text(8192)),
  }),
  "A harvest run of a source, named by the source and the time it started",
);

const harvestRefusalLine = line(
  "harvest-refusal",
  object({
    ...sourceReference,
    started: timestamp,
    oaiIdentifier: { type: "string", minLength: 1, maxLength: 8192 },
    urn: nullable(text(8192)),
    code: { type: "string", minLength: 1, maxLength: 128 },
    reason: text(8192),
    at: timestamp,
  }),
  "A record a harvest run refused",
);

const dimensions = {
  day,
  nid: { type: "string", maxLength: 64 },
  prefix: text(1024),
  organisation: text(64),
};

const resolutionCountLine = line(
  "resolution-count",
  object({ nid: { type: "string", minLength: 1, maxLength: 64 }, day, count }),
  "Resolutions of a day by namespace, as counted before statistics by prefix and organisation",
);

const statResolutionLine = line(
  "stat-resolution",
  object({
    ...dimensions,
    outcome: {
      type: "string",
      enum: ["redirect", "uri-list", "metadata", "not-found", "gone", "delegated"],
    },
    bot: { type: "boolean" },
    count,
  }),
  "Resolutions of a day by namespace, prefix, organisation, outcome and whether by a bot",
);

const statAssignmentLine = line(
  "stat-assignment",
  object({
    ...dimensions,
    event: { type: "string", enum: ["registered", "activated", "deactivated"] },
    count,
  }),
  "Assignments of a day by namespace, prefix, organisation and event",
);

const statResolutionUrnLine = line(
  "stat-resolution-urn",
  object({ ...dimensions, urn: urnString, count, bots: count }),
  "Resolutions of a registered URN on a day (rolled up)",
);

const statUrnLogLine = line(
  "stat-urn-log",
  object({
    day,
    urns: {
      type: "array",
      minItems: 1,
      maxItems: 1000,
      items: {
        type: "array",
        description: "[URN, nid, prefix, organisation, resolutions, of which by bots]",
        items: [urnString, nid, text(1024), text(64), count, count],
        minItems: 6,
        maxItems: 6,
      },
    },
  }),
  "Resolutions of registered URNs on a day, counted but not rolled up yet",
);

const auditLine = line(
  "audit",
  object(
    {
      token: { type: "string", minLength: 1, maxLength: 128, description: "The token's hash" },
      action: { type: "string", minLength: 1, maxLength: 128 },
      target: { type: "string", maxLength: 8192 },
      before: { ...nullable(text(1048576)), description: "The object before, as JSON text" },
      after: { ...nullable(text(1048576)), description: "The object after, as JSON text" },
      at: timestamp,
    },
    ["token", "before", "after"],
  ),
  "An entry of the audit log, in the order written; its token when the file holds the tokens",
);

/** Each kind's line schema, by the line's key. */
export const REGISTRY_LINE_SCHEMAS: Readonly<Record<string, object>> = {
  [REGISTRY_FORMAT]: headerLine,
  namespace: namespaceLine,
  "namespace-template": namespaceTemplateLine,
  organisation: organisationLine,
  prefix: prefixLine,
  token: tokenLine,
  record: recordLine,
  "link-health": linkHealthLine,
  "link-check": linkCheckLine,
  "harvest-source": harvestSourceLine,
  "harvest-run": harvestRunLine,
  "harvest-refusal": harvestRefusalLine,
  "resolution-count": resolutionCountLine,
  "stat-resolution": statResolutionLine,
  "stat-assignment": statAssignmentLine,
  "stat-resolution-urn": statResolutionUrnLine,
  "stat-urn-log": statUrnLogLine,
  audit: auditLine,
  end: endLine,
};
