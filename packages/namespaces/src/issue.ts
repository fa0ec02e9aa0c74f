// What a namespace rule (RFC 8141 §6.4.2: each namespace defines its own syntax and equivalence)
// or a registration check reports.

export interface Issue {
  /** Stable, kebab-case, prefixed with the namespace or check (e.g. "isbn-check-digit"). */
  code: string;
  /** "error": the name breaks a rule; "warning": lenient, conventional or unverified rule. */
  severity: "error" | "warning";
  message: string;
  /** UTF-16 offset in the URN (or template field) where the problem starts, when it has one. */
  index?: number;
  /**
   * Set when the rule comes from secondary sources that could not be checked against the
   * defining document (such rules only ever produce warnings).
   */
  unverified?: true;
}

export function error(code: string, message: string, index?: number): Issue {
  return index === undefined
    ? { code, severity: "error", message }
    : { code, severity: "error", message, index };
}

export function warning(code: string, message: string, index?: number): Issue {
  return index === undefined
    ? { code, severity: "warning", message }
    : { code, severity: "warning", message, index };
}

/** A warning from a rule that could not be verified against its defining document. */
export function unverified(code: string, message: string, index?: number): Issue {
  return { ...warning(code, `${message} (unverified rule)`, index), unverified: true };
}
