// RFC 8141 Appendix A: the fields of a URN namespace registration template, in template order,
// with the section of §6.4 that describes each.

export type TemplateFieldKey =
  | "namespaceId"
  | "version"
  | "date"
  | "registrant"
  | "purpose"
  | "syntax"
  | "assignment"
  | "securityAndPrivacy"
  | "interoperability"
  | "resolution"
  | "documentation"
  | "additionalInformation"
  | "revisionInformation";

export interface TemplateField {
  key: TemplateFieldKey;
  /** The label as Appendix A prints it. */
  label: string;
  /** Other labels seen in registrations for the same field (matched case-insensitively). */
  aliases: readonly string[];
  /** "always"; "revision" = only when Version > 1; "optional". */
  required: "always" | "revision" | "optional";
  /** Where RFC 8141 describes the field. */
  section: string;
}

export const TEMPLATE_FIELDS: readonly TemplateField[] = [
  {
    key: "namespaceId",
    label: "Namespace ID",
    aliases: ["Namespace Identifier", "NID"],
    required: "always",
    section: "Appendix A",
  },
  { key: "version", label: "Version", aliases: [], required: "always", section: "Appendix A" },
  { key: "date", label: "Date", aliases: [], required: "always", section: "Appendix A" },
  {
    key: "registrant",
    label: "Registrant",
    aliases: [],
    required: "always",
    section: "Appendix A",
  },
  { key: "purpose", label: "Purpose", aliases: [], required: "always", section: "§6.4.1" },
  { key: "syntax", label: "Syntax", aliases: [], required: "always", section: "§6.4.2" },
  { key: "assignment", label: "Assignment", aliases: [], required: "always", section: "§6.4.3" },
  {
    key: "securityAndPrivacy",
    label: "Security and Privacy",
    aliases: ["Security", "Security Considerations"],
    required: "always",
    section: "§6.4.4",
  },
  {
    key: "interoperability",
    label: "Interoperability",
    aliases: [],
    required: "always",
    section: "§6.4.5",
  },
  { key: "resolution", label: "Resolution", aliases: [], required: "always", section: "§6.4.6" },
  {
    key: "documentation",
    label: "Documentation",
    aliases: [],
    required: "always",
    section: "Appendix A",
  },
  {
    key: "additionalInformation",
    label: "Additional Information",
    aliases: [],
    required: "optional",
    section: "§6.4.7",
  },
  {
    key: "revisionInformation",
    label: "Revision Information",
    aliases: [],
    required: "revision",
    section: "Appendix A",
  },
];

/**
 * A registration template as text fields (each as written, multi-line values dedented), so that
 * rendering it gives the same fields back. Absent fields are undefined.
 */
export type RegistrationTemplate = Partial<Record<TemplateFieldKey, string>> & {
  /** Text before the first field (a title, say), kept for rendering. */
  preamble?: string;
  /**
   * Set by parseTemplate when the text gives a field more than once (under any of its labels):
   * those fields, in the order of their first repetition. The last value given is kept;
   * checkTemplate reports each as an error. Never rendered.
   */
  repeatedFields?: TemplateFieldKey[];
};
