// @urnkit/server: the URN resolver and registry service (RFC 8141 §1.2.1, RFC 2169, RFC 2483).

export {
  type HarvestOptions,
  type HarvestReport,
  harvest,
  METADATA_PREFIXES,
  type MetadataPrefix,
} from "./exchange/harvest/harvest-run.js";
export type { Limits, PluginOptions, ServerContext } from "./http/context.js";
export { HttpProblem } from "./http/problem.js";
export { type ImportEvent, importRecords } from "./import-records.js";
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
export { OPERATOR } from "./operator.js";
export { createOrganisation, updateOrganisation } from "./organisation-actions.js";
export { createPrefix, updatePrefix } from "./prefix-actions.js";
export { createNamespace, updateNamespace } from "./registry-actions.js";
export { type Lookup, lookup } from "./resolver.js";
export { exportLines } from "./routes/import-export.js";
export { seedExample } from "./seed.js";
export {
  type BuildServerOptions,
  buildServer,
  DEFAULT_LIMITS,
  type ServerPlugin,
} from "./server.js";
export type {
  HarvestRefusal,
  HarvestRun,
  HarvestSource,
  HarvestSourceListing,
} from "./storage/harvest.js";
export * from "./storage/links.js";
export {
  displayLocation,
  isPostgresUrl,
  type OpenStoreOptions,
  openStore,
} from "./storage/open-store.js";
export type { Organisation } from "./storage/organisations.js";
export type { Prefix } from "./storage/prefixes.js";
export { openSqliteStore, SqliteStore } from "./storage/sqlite/sqlite-store.js";
export * from "./storage/store.js";
export { keepTickMaps } from "./tick-maps.js";
export { hashToken, issueToken, ROLES } from "./tokens.js";
export { checkNamespaceBody } from "./validation/namespace.js";
