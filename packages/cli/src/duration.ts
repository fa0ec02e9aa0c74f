// A duration given on the command line or in the environment: a whole number with a unit, s, m,
// h or d ("30m", "24h", "7d"; a bare number is seconds), as milliseconds.

import type { Command } from "commander";

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const MAX_MS = 366 * 86_400_000;

export function duration(text: string, name: string, command: Command): number {
  const m = /^(\d{1,9})([smhd]?)$/.exec(text.trim());
  const ms = m === null ? Number.NaN : Number(m[1]) * (UNIT_MS[m[2] || "s"] as number);
  if (!(ms >= 1000 && ms <= MAX_MS)) {
    command.error(
      `error: ${name} must be a duration from 1s to 366d, a whole number with s, m, h or d (30m, 24h), not "${text}"`,
    );
  }
  return ms;
}
