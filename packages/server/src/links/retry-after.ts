// Retry-After (RFC 9110 §10.2.3): a delay in seconds or an HTTP date, read as the time until
// which a host is left alone. Nonsense is ignored (null); a wait beyond `maxMs` is cut to it, so
// a server cannot take its links out of checking for good.

export function retryAt(value: string | null, nowMs: number, maxMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  let at: number;
  if (/^\d+$/.test(text)) at = nowMs + Number(text) * 1000;
  else {
    // An HTTP-date starts with the day's name (IMF-fixdate, RFC 850 and asctime forms alike);
    // Date.parse alone would take "-5" for the year 5 BC.
    if (!/^[A-Za-z]{3}/.test(text)) return null;
    at = Date.parse(text);
    if (Number.isNaN(at)) return null;
  }
  return Math.min(Math.max(at, nowMs), nowMs + maxMs);
}
