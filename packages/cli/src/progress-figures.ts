// The figures a progress bar shows a person: sizes in megabytes and throughput per second, not
// raw byte counts (an import of 5.4 MB read as "5412345/5662310 bytes").

/** Bytes as megabytes (10^6 bytes) with one decimal: 5_412_345 → "5.4 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/** A count per second over `ms` milliseconds, rounded, with thousands grouped: "12,400/s". */
export function perSecond(count: number, ms: number): string {
  const rate = ms <= 0 ? 0 : Math.round((count * 1000) / ms);
  return `${rate.toLocaleString("en-US")}/s`;
}
