// Proactive content negotiation (RFC 9110 §12.5.1): the Accept header's media ranges with their
// q-values, most specific range winning; ties go to the server's order of preference.

interface Range {
  type: string;
  subtype: string;
  q: number;
}

function parseAccept(header: string): Range[] {
  const ranges: Range[] = [];
  for (const part of header.split(",")) {
    const [media, ...params] = part.split(";");
    const [type, subtype] = (media ?? "").trim().toLowerCase().split("/");
    if (!type || !subtype) continue;
    let q = 1;
    for (const p of params) {
      const [k, v] = p.split("=");
      if (k?.trim().toLowerCase() === "q") {
        const n = Number(v?.trim());
        q = Number.isFinite(n) ? Math.min(Math.max(n, 0), 1) : 0;
      }
    }
    ranges.push({ type, subtype, q });
  }
  return ranges;
}

/** The q-value `header` gives `mediaType`: from its most specific matching range, 0 if none. */
function quality(ranges: readonly Range[], mediaType: string): number {
  const [type, subtype] = mediaType.split("/");
  let best = -1;
  let q = 0;
  for (const r of ranges) {
    const specificity =
      r.type === type && r.subtype === subtype
        ? 2
        : r.type === type && r.subtype === "*"
          ? 1
          : r.type === "*" && r.subtype === "*"
            ? 0
            : -1;
    if (specificity > best) {
      best = specificity;
      q = r.q;
    }
  }
  return q;
}

/**
 * The best of `offers` (in server preference order) for the Accept header; the first offer when
 * the header is absent; null when nothing offered is acceptable.
 */
export function negotiate(header: string | undefined, offers: readonly string[]): string | null {
  if (header === undefined || header.trim() === "") return offers[0] ?? null;
  const ranges = parseAccept(header);
  if (ranges.length === 0) return offers[0] ?? null;
  let chosen: string | null = null;
  let chosenQ = 0;
  for (const offer of offers) {
    const q = quality(ranges, offer);
    if (q > chosenQ) {
      chosen = offer;
      chosenQ = q;
    }
  }
  return chosen;
}
