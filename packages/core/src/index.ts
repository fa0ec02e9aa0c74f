// @urnkit/core: Uniform Resource Names as RFC 8141 defines them (and RFC 2141 for legacy data).

export {
  type Directive,
  type Directives,
  parseDirectives,
  type ResolutionService,
  resolutionKey,
} from "./directives.js";
export {
  type DisplayWarning,
  type DisplayWarningCode,
  displayWarnings,
  type TextRange,
  toDisplayString,
} from "./display.js";
export {
  extractUrnCandidates,
  extractUrns,
  type UrnMatch,
  type UrnNearMiss,
} from "./extract.js";
export { classifyNid, type NidClass, type NidKind } from "./nid-class.js";
export {
  decodeFComponent,
  decodeNss,
  decodeQComponent,
  decodeRComponent,
  type EncodingOptions,
  encodeFComponent,
  encodeNss,
  encodeQComponent,
  encodeRComponent,
} from "./percent-encoding.js";
export {
  componentName,
  type UrnComponent,
  type UrnSyntax,
  UrnSyntaxError,
  type UrnSyntaxErrorCode,
} from "./syntax-error.js";
export { URN, type UrnOptions, type UrnParts } from "./urn.js";
