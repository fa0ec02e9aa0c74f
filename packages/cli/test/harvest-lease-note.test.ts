// `urnkit harvest --list`: a source whose last run is still "running" says whether its lease is
// live (until when) or lapsed, which means the process that held it is gone.

import assert from "node:assert/strict";
import { it } from "node:test";
import type { HarvestSourceListing } from "@urnkit/server";
import { leaseNote } from "../src/commands/harvest.js";

const AT = "2026-11-27T12:00:00.000Z";
const source = (outcome: string, leaseUntil: string | null) =>
  ({ lastRun: { outcome }, leaseUntil }) as unknown as HarvestSourceListing;

const CASES: [string, string | null, RegExp][] = [
  ["completed", null, /^$/],
  ["running", "2026-11-27T12:00:40.000Z", /^ \(its lease runs until 2026-11-27T12:00:40\.000Z\)$/],
  ["running", "2026-11-27T11:59:00.000Z", /stale: its lease lapsed at 2026-11-27T11:59:00\.000Z/],
  ["running", AT, /stale/],
  ["running", null, /stale: its lease lapsed, so its process is gone/],
];

for (const [outcome, leaseUntil, expected] of CASES)
  it(`a ${outcome} run with lease ${leaseUntil ?? "none"}`, () => {
    assert.match(leaseNote(source(outcome, leaseUntil), AT), expected);
  });
