// The schemas' "date-time" format takes a quick path for toISOString's form and ajv-formats' full
// RFC 3339 check for everything else: the two must never disagree. Each row's verdict is worked
// out from RFC 3339 §5.6 and §5.7 (real days, 2000 a leap year and 2100 not, hours to 23, a leap
// second only at 23:59:60 UTC, a zone required); the property compares the format with the full
// check on every string of the timestamp's shape, digits anywhere.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { dateTimeFormat, fullDateTime, isoInstant } from "../../src/validation/date-time.js";

const TABLE: [string, boolean][] = [
  ["2026-11-28T15:48:09.123Z", true],
  ["2024-02-29T00:00:00.000Z", true],
  ["2000-02-29T23:59:59.999Z", true],
  ["2100-02-29T00:00:00.000Z", false],
  ["2026-02-29T00:00:00.000Z", false],
  ["2026-04-31T00:00:00.000Z", false],
  ["2026-12-31T24:00:00.000Z", false],
  ["2026-12-31T23:60:00.000Z", false],
  ["2026-13-01T00:00:00.000Z", false],
  ["2026-00-10T00:00:00.000Z", false],
  ["2026-01-00T00:00:00.000Z", false],
  // A leap second is real at 23:59:60 UTC: the quick path leaves it to the full check.
  ["2016-12-31T23:59:60.000Z", true],
  ["2016-12-31T12:59:60.000Z", false],
  // Other forms RFC 3339 allows, all through the full check.
  ["2026-11-28T15:48:09Z", true],
  ["2026-11-28t15:48:09.5z", true],
  ["2026-11-28T16:48:09.123+01:00", true],
  ["2026-11-28 15:48:09Z", true],
  ["2026-11-28T15:48:09.123", false],
  ["2026-11-28", false],
  ["2026-11-28T15:48:09.123Z ", false],
];

describe("the date-time format", () => {
  for (const [text, valid] of TABLE)
    it(`${valid ? "accepts" : "refuses"} ${JSON.stringify(text)}`, () => {
      assert.equal(dateTimeFormat(text), valid);
      assert.equal(fullDateTime(text), valid);
    });

  it("agrees with the full check on every string of a timestamp's shape", () => {
    const digits = (n: number) =>
      fc
        .array(fc.constantFrom(..."0123456789"), { minLength: n, maxLength: n })
        .map((d) => d.join(""));
    const shaped = fc
      .tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), digits(3))
      .map(([y, mo, d, h, mi, s, ms]) => `${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
    fc.assert(
      fc.property(shaped, (text) => {
        assert.equal(dateTimeFormat(text), fullDateTime(text));
        if (isoInstant(text)) assert.equal(fullDateTime(text), true);
      }),
      { numRuns: 20_000 },
    );
  });

  it("agrees with the full check on real times, whatever the year", () => {
    fc.assert(
      fc.property(
        // fast-check draws an invalid Date now and then unless told not to: toISOString throws.
        fc.date({
          min: new Date("0000-01-01T00:00:00Z"),
          max: new Date("9999-12-31T23:59:59Z"),
          noInvalidDate: true,
        }),
        (date) => {
          const text = date.toISOString();
          assert.equal(isoInstant(text), true);
          assert.equal(fullDateTime(text), true);
        },
      ),
    );
  });
});
