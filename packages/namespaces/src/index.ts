// @urnkit/namespaces: the IANA URN namespace registry, namespace rules and registration templates
// of RFC 8141 §5, §6 and Appendix A.

export type { Automaton } from "./automaton.js";
export { type CheckOptions, type CheckReport, checkUrn } from "./check.js";
export { gs1CheckDigit } from "./check-digits/gs1.js";
export { isbn10CheckDigit, isbn10To13, isbn13CheckDigit } from "./check-digits/isbn.js";
export { mod11_2CheckChar, mod37_36CheckChar, mod97_10Remainder } from "./check-digits/iso7064.js";
export { issnCheckDigit } from "./check-digits/issn.js";
export { nbnDeCheckDigit } from "./check-digits/nbn-de.js";
export { equivalent, namespaceKey } from "./equivalence.js";
export type { Issue } from "./issue.js";
export { namespaceRules, ruleFor } from "./namespace-rules.js";
export { checkNewFormalNid } from "./new-formal-nid.js";
export { publicResolvers, publicResolverTable } from "./public-resolvers/public-resolvers.js";
export type {
  AnswerKind,
  PublicResolverCandidate,
  PublicResolverRow,
  ResolverStatus,
} from "./public-resolvers/row.js";
export { PublicResolverTable } from "./public-resolvers/table.js";
export type { TransformName } from "./public-resolvers/transforms.js";
export { PUBLIC_RESOLVERS_COMPILED } from "./public-resolvers.generated.js";
export { publicIdFromNss, publicIdToNss } from "./publicid-transcription.js";
export {
  type IetfRegistry,
  type IetfRegistryEntry,
  type Registry,
  type RegistryEntry,
  registry,
} from "./registry.js";
export type { NamespaceRule } from "./rule.js";
export { checkTemplate } from "./template/check.js";
export {
  type RegistrationTemplate,
  TEMPLATE_FIELDS,
  type TemplateField,
  type TemplateFieldKey,
} from "./template/fields.js";
export { parseTemplate } from "./template/parse.js";
export { renderTemplate } from "./template/render.js";
