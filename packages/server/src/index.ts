// @urnkit/server: the URN resolver and registry service (RFC 8141 §1.2.1, RFC 2169, RFC 2483).

export {
  type HarvestOptions,
  type HarvestReport,
  harvest,
  METADATA_PREFIXES,
  type MetadataPrefix,
} from "./exchange/harvest/harvest-run.js";
export { type ImportEvent, importRecords } from "./exchange/import/records.js";
export { dateArgumentFault } from "./exchange/oai/datestamp.js";
export { type CopyEvent, copyRegistry } from "./exchange/registry-export/copy.js";
export {
  exportRegistry,
  type RegistryExportOptions,
  registryHeader,
} from "./exchange/registry-export/export.js";
export {
  importRegistry,
  type RegistryImportEvent,
  type RegistryImportOptions,
} from "./exchange/registry-export/import.js";
export { registryExportSchemaText } from "./exchange/registry-export/schema.js";
export type { Limits, PluginOptions, ServerContext } from "./http/context.js";
export { HttpProblem, statusOf } from "./http/problem.js";
export {
  checkHost,
  LinkChecker,
  type LinkCheckerOptions,
  type LinkCheckResult,
  type LinkRunSelection,
  type LinkRunSummary,
  linkCheckerUserAgent,
} from "./links/checker.js";
export {
  DEFAULT_MAX_REDIRECTS,
  type FollowErrorCode,
  type FollowOptions,
  type FollowResult,
  follow,
  type Hop,
} from "./links/follow.js";
export { HostLimiter, type HostLimits } from "./links/host-limiter.js";
export {
  type LinkSchedule,
  type LinkScheduleOptions,
  scheduleLinkChecks,
} from "./links/schedule.js";
export {
  type AddressPolicy,
  BlockedAddressError,
  blockedRange,
  checkAddress,
  guardedLookup,
} from "./links/ssrf-guard.js";
export { createNamespace, updateNamespace } from "./registry/namespace-actions.js";
export { OPERATOR } from "./registry/operator.js";
export { createOrganisation, updateOrganisation } from "./registry/organisation-actions.js";
export { createPrefix, updatePrefix } from "./registry/prefix-actions.js";
export { seedExample } from "./registry/seed.js";
export { hashToken, issueToken, ROLES } from "./registry/tokens.js";
export { type Lookup, lookup } from "./resolution/resolver.js";
export { exportLines } from "./routes/import-export.js";
export { keepTickMaps } from "./runtime/tick-maps.js";
export {
  type BuildServerOptions,
  buildServer,
  DEFAULT_LIMITS,
  type ServerPlugin,
} from "./server.js";
export * from "./storage/audit.js";
export * from "./storage/errors.js";
export type {
  HarvestRefusal,
  HarvestRun,
  HarvestSource,
  HarvestSourceListing,
} from "./storage/harvest.js";
export * from "./storage/links.js";
export * from "./storage/namespaces.js";
export {
  displayLocation,
  isPostgresUrl,
  type OpenStoreOptions,
  openStore,
} from "./storage/open-store.js";
export type { Organisation } from "./storage/organisations.js";
export { DEFAULT_POLICY, type Prefix } from "./storage/prefixes.js";
export * from "./storage/records.js";
export { openSqliteStore, SqliteStore } from "./storage/sqlite/sqlite-store.js";
export type { ResolutionCount, ResolutionCountQuery } from "./storage/stats.js";
export * from "./storage/store.js";
export * from "./storage/tokens.js";
export * from "./storage/transfer.js";
export { checkNamespaceBody } from "./validation/namespace.js";
export { checkOrganisationBody, checkOrganisationPatch } from "./validation/organisation.js";
export { registeredPrefix } from "./validation/parameters/prefix.js";
export { checkPrefixBody, checkPrefixPatch } from "./validation/prefix.js";
export { Refusal, type RefusalKind } from "./validation/refusal.js";
