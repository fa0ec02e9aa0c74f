// Locations naming several PostgreSQL servers, read as libpq reads them (libpq's "Multiple Hosts"
// and target_session_attrs): one URL per server in the order given, the default port 5432, the
// user, password, database and other parameters kept for each, target_session_attrs taken out
// (node-postgres does not know it) and checked; and which session states each target accepts.

import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { fits, type SessionTarget, serverList } from "../../src/storage/postgres/server-list.js";

describe("serverList", () => {
  const cases: Array<[string, Array<[string, number, string]>, SessionTarget]> = [
    // One server, no target: the location itself, unchanged.
    [
      "postgres://urnkit:pw@db:6543/urnkit?sslmode=require",
      [["db", 6543, "postgres://urnkit:pw@db:6543/urnkit?sslmode=require"]],
      "any",
    ],
    [
      "postgres://urnkit@db1:5433,db2/urnkit?target_session_attrs=read-write",
      [
        ["db1", 5433, "postgres://urnkit@db1:5433/urnkit"],
        ["db2", 5432, "postgres://urnkit@db2:5432/urnkit"],
      ],
      "read-write",
    ],
    [
      "postgresql://u:p%40ss@[::1]:5432,10.0.0.2:5433/reg?application_name=urnkit&target_session_attrs=primary",
      [
        ["::1", 5432, "postgresql://u:p%40ss@[::1]:5432/reg?application_name=urnkit"],
        ["10.0.0.2", 5433, "postgresql://u:p%40ss@10.0.0.2:5433/reg?application_name=urnkit"],
      ],
      "primary",
    ],
    // One server with a target: checked as well.
    [
      "postgres://db:5432/urnkit?target_session_attrs=prefer-standby",
      [["db", 5432, "postgres://db:5432/urnkit"]],
      "prefer-standby",
    ],
    // Several servers, no target: any of them, the first that answers.
    [
      "postgres://a:1,b:2/x",
      [
        ["a", 1, "postgres://a:1/x"],
        ["b", 2, "postgres://b:2/x"],
      ],
      "any",
    ],
  ];
  for (const [location, servers, target] of cases)
    it(`reads ${location}`, () => {
      const list = serverList(location);
      assert.deepEqual(
        list.servers.map((s) => [s.host, s.port, s.url]),
        servers,
      );
      assert.equal(list.target, target);
    });

  const refused: Array<[string, RegExp]> = [
    [
      "postgres://a,b/x?target_session_attrs=writable",
      /target_session_attrs must be one of any, read-write/,
    ],
    ["postgres://a:99999,b/x", /port of "a:99999" .* is not 1 to 65535/],
    ["postgres://a:1,,b/x", /"" in a PostgreSQL location is not host or host:port/],
    [
      `postgres://${Array.from({ length: 17 }, (_, i) => `h${i}`).join(",")}/x`,
      /at most 16 servers/,
    ],
  ];
  for (const [location, message] of refused)
    it(`refuses ${location.slice(0, 60)}`, () => {
      assert.throws(() => serverList(location), message);
    });

  it("keeps every server, in order, for any list of host:port", () => {
    const host = fc.stringMatching(/^[a-z][a-z0-9.-]{0,20}$/);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(host, fc.integer({ min: 1, max: 65535 })), {
          minLength: 2,
          maxLength: 16,
        }),
        (entries) => {
          const location = `postgres://u@${entries.map(([h, p]) => `${h}:${p}`).join(",")}/db?target_session_attrs=read-write`;
          const list = serverList(location);
          assert.deepEqual(
            list.servers.map((s) => [s.host, s.port]),
            entries,
          );
          for (const s of list.servers) {
            const url = new URL(s.url);
            assert.equal(url.pathname, "/db");
            assert.equal(url.search, "");
          }
        },
      ),
    );
  });
});

describe("fits", () => {
  const primary = { inRecovery: false, readOnly: false };
  const standby = { inRecovery: true, readOnly: true };
  // A primary whose default_transaction_read_only is on: read-only, but not a standby.
  const readOnlyPrimary = { inRecovery: false, readOnly: true };
  const table: Array<[SessionTarget, boolean, boolean, boolean]> = [
    // target, primary, standby, read-only primary
    ["any", true, true, true],
    ["read-write", true, false, false],
    ["read-only", false, true, true],
    ["primary", true, false, true],
    ["standby", false, true, false],
  ];
  for (const [target, p, s, r] of table)
    it(`${target}: primary ${p}, standby ${s}, read-only primary ${r}`, () => {
      assert.equal(fits(target, primary), p);
      assert.equal(fits(target, standby), s);
      assert.equal(fits(target, readOnlyPrimary), r);
    });
});
