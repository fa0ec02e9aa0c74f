// A URN longer than the server accepts is refused before it is parsed or looked up.

import type { Limits } from "./limits.js";
import { Refusal } from "./refusal.js";

/** Refuses ("too-long") when a URN in the target is longer than the server accepts. */
export function checkUrnLength(urn: string, limits: Limits): void {
  // A UTF-16 code unit is at most 3 bytes in UTF-8: most URNs are short enough not to count.
  if (urn.length * 3 > limits.urnBytes && Buffer.byteLength(urn) > limits.urnBytes)
    throw new Refusal(
      "too-long",
      "urn-too-long",
      `URNs are limited to ${limits.urnBytes} bytes here`,
    );
}
