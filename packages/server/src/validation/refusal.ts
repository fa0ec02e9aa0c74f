// What the registry says when it refuses a request, in its own terms: a kind (what is wrong with
// the request), a stable code, a sentence a person can read, and members that say more (the field
// at fault, the record that holds a name already). The JSON API maps each kind to an HTTP status
// (http/problem.ts), the web UI shows the sentence under its form, the command line prints it.

export type RefusalKind =
  /** The request itself is malformed: a target, a query, a parameter. */
  | "bad-request"
  /** No valid credentials. */
  | "unauthenticated"
  /** Valid credentials that do not cover this. */
  | "forbidden"
  /** What the request names is not here. */
  | "not-found"
  /** This is never done to what the request names (a URN is never deleted). */
  | "not-allowed"
  | "not-acceptable"
  /** The registry's state refuses it: a name taken, a step backwards, a lease held. */
  | "conflict"
  | "too-long"
  | "unsupported-media-type"
  | "expectation-failed"
  /** Well-formed content the rules refuse: a policy, a field's value. */
  | "unprocessable"
  | "not-implemented"
  | "unavailable";

export class Refusal extends Error {
  readonly kind: RefusalKind;
  readonly code: string;
  readonly extensions: Record<string, unknown>;

  constructor(
    kind: RefusalKind,
    code: string,
    detail: string,
    extensions: Record<string, unknown> = {},
  ) {
    super(detail);
    this.name = "Refusal";
    this.kind = kind;
    this.code = code;
    this.extensions = extensions;
  }
}
