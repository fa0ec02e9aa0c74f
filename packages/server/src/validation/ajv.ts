// One JSON Schema validator for every write path: fastify validates API requests with it (the
// server sets it as the validator compiler), and the registry actions, the UI's forms and each
// import line are checked against the same compiled schemas. Nothing is coerced, defaulted or
// silently removed: a wrong type or an unknown field is refused, the same way everywhere.

import { Ajv, type ErrorObject } from "ajv";
import formats from "ajv-formats";
import { type FieldError, invalid } from "./problems.js";

export const ajv = new Ajv({
  allErrors: false,
  coerceTypes: false,
  useDefaults: false,
  removeAdditional: false,
  strict: false,
});
(formats as unknown as (a: Ajv) => void)(ajv);

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
      message: extra ? `unknown field "${name}"` : (e.message ?? "is not valid"),
    };
  });
}

/** A checker for `schema`: returns the value typed, or throws 422 `code` naming the field. */
export function checker<T>(schema: object, code: string): (value: unknown, base?: string) => T {
  const validate = ajv.compile(schema);
  return (value, base = "") => {
    if (!validate(value)) throw invalid(422, code, fieldErrors(validate.errors, base));
    return value as T;
  };
}
