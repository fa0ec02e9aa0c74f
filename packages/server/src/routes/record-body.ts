// Checks on record bodies that JSON Schema cannot say: locators are http(s) URLs (a resolver
// must not redirect to javascript: or data:, RFC 2483 §4's malicious-redirection concern) and
// metadata stays within 64 KB.

import { HttpProblem } from "../http/problem.js";

export const METADATA_BYTES = 65536;

export function checkLocators(locators: readonly { url: string }[] | undefined): void {
  for (const l of locators ?? []) {
    let url: URL;
    try {
      url = new URL(l.url);
    } catch {
      throw new HttpProblem(422, "bad-locator", `not an absolute URL: ${l.url}`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:")
      throw new HttpProblem(422, "bad-locator", `locators must be http or https URLs: ${l.url}`);
  }
}

export function checkMetadata(metadata: unknown): void {
  if (metadata == null) return;
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_BYTES)
    throw new HttpProblem(
      413,
      "metadata-too-large",
      `metadata is limited to ${METADATA_BYTES} bytes`,
    );
}
