// One JSON Schema validator for every write path: fastify validates API requests with it (the
// server sets it as the validator compiler), and the registry actions, the UI's forms and each
// import line are checked against the same compiled schemas. Nothing is coerced, defaulted or
// silently removed: a wrong type or an unknown field is refused, the same way everywhere.

import { Ajv, type ErrorObject } from "ajv";
import formats from "ajv-formats";
import { dateTimeFormat } from "./date-time.js";
import { type FieldError, invalid } from "./problems.js";

export const ajv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  strict: false,
});
(formats as unknown as (a: Ajv) => void)(ajv);

// "uri" as RFC 3986 §3 spells a URI: a scheme, then only the characters a URI may hold, and "%"
// only before two hex digits. ajv-formats' one regular expression also parses the authority and
// costs several times this on every locator of an import; structure is left to the checks that
// follow it (a locator must also parse as an http(s) URL).
ajv.addFormat(
  "uri",
  /^[A-Za-z][A-Za-z0-9+.-]*:(?:[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$/,
);

ajv.addFormat("date-time", dateTimeFormat);

/** Ajv's errors as field errors: a JSON pointer each, an unknown field named. */
export function fieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  base = "",
): FieldError[] {
  return (errors ?? []).map((e) => {
    const extra = e.keyword === "additionalProperties";
    const name = extra ? (e.params as { additionalProperty: string }).additionalProperty : "";
    return {
      path: base + e.instancePath + (extra ? `/${name}` : ""),
      message: extra
        ? `unknown field "${name}"`
        : e.keyword === "enum"
          ? // The values allowed, as the parameter parsers name them (parameters/status.ts).
            `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(", ")}`
          : (e.message ?? "is not valid"),
    };
  });
}

/** A checker for `schema`: returns the value typed, or throws 422 `code` naming the field. */
export function checker<T>(schema: object, code: string): (value: unknown, base?: string) => T {
  const validate = ajv.compile(schema);
  return (value, base = "") => {
    if (!validate(value)) throw invalid("unprocessable", code, fieldErrors(validate.errors, base));
    return value as T;
  };
}
