// The error conditions of OAI-PMH 2.0 (§3.6): answered with HTTP 200 and an <error> element whose
// code is one of these, never as an HTTP error status.

export type OaiErrorCode =
  | "badArgument"
  | "badResumptionToken"
  | "badVerb"
  | "cannotDisseminateFormat"
  | "idDoesNotExist"
  | "noRecordsMatch"
  | "noMetadataFormats"
  | "noSetHierarchy";

export class OaiError extends Error {
  readonly code: OaiErrorCode;
  constructor(code: OaiErrorCode, message: string) {
    super(message);
    this.name = "OaiError";
    this.code = code;
  }
}
