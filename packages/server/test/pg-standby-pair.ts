// A PostgreSQL primary and a streaming hot standby a test owns, for the failover drill
// (docs/deploy.md, "Failover"): the primary made by initdb in a temporary directory, the standby
// by `pg_basebackup -R` from it, each on a free loopback port, made as pg-own-cluster.ts makes
// its cluster (as the postgres system user when the tests run as root). With `synchronous`, the
// primary runs synchronous_commit = remote_apply with the standby as its synchronous standby:
// a commit is acknowledged once the standby has applied it. These settings are made (ALTER
// SYSTEM) once the standby streams, in the primary's postgresql.auto.conf: the base backup does
// not carry them to the standby, which, promoted, would otherwise wait for a standby of its own
// that never comes, and every write would hang; and CREATE DATABASE before the standby exists
// would wait for it too.

import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import pg from "pg";
import { binaries, clusterTools, freePort } from "./pg-own-cluster.js";

export interface StandbyPair {
  /** The primary's and the standby's URLs (database urnkit on each). */
  primaryUrl: string;
  standbyUrl: string;
  primaryPort: number;
  standbyPort: number;
  /** SIGKILL to the primary's postmaster and every process it started: a crash, not a stop. */
  killPrimary(): void;
  /** `pg_ctl promote -w`: returns once the standby accepts writes. */
  promoteStandby(): void;
  remove(): void;
}

/** Why the pair cannot be built here, or false. */
export const STANDBY_PAIR_SKIP: string | false = (() => {
  const bin = binaries();
  if (bin === null) return "no PostgreSQL binaries (initdb) installed";
  const tools = readdirSync(bin);
  const missing = ["initdb", "pg_ctl", "pg_basebackup", "postgres"].filter(
    (t) => !tools.includes(t),
  );
  return missing.length === 0 ? false : `${missing.join(", ")} missing in ${bin}`;
})();

/** The process ids whose parent is `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // pid (comm) state ppid …: comm may hold spaces and parentheses, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

async function waitFor(what: string, check: () => Promise<boolean>, limitMs = 60_000) {
  const end = Date.now() + limitMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function standbyPair(options: { synchronous: boolean }): Promise<StandbyPair> {
  const tools = clusterTools("urnkit-pg-pair-");
  const { dir, run } = tools;
  const primaryPort = await freePort();
  const standbyPort = await freePort();
  const primaryData = join(dir, "primary");
  const standbyData = join(dir, "standby");
  const start = (data: string, port: number) =>
    tools.start(data, port, `${data}.log`, "-c max_connections=200 -c wal_sender_timeout=5s");
  const url = (port: number, database: string) =>
    `postgres://postgres@127.0.0.1:${port}/${database}`;
  let primaryPid: number | null = null;
  const remove = () => {
    for (const data of [primaryData, standbyData]) {
      try {
        tools.stopNow(data);
      } catch {
        // Not running (killed, or never started).
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // initdb's pg_hba.conf lets local and loopback connections replicate (trust).
    tools.initdb(primaryData);
    start(primaryData, primaryPort);
    primaryPid = Number(readFileSync(join(primaryData, "postmaster.pid"), "utf8").split("\n")[0]);
    await query(url(primaryPort, "postgres"), "CREATE DATABASE urnkit");
    run("pg_basebackup", [
      "-h",
      "127.0.0.1",
      "-p",
      String(primaryPort),
      "-U",
      "postgres",
      "-D",
      standbyData,
      "-R",
      "-X",
      "stream",
      // Not the default spread checkpoint, which paces itself over minutes.
      "--checkpoint=fast",
      "--no-sync",
    ]);
    start(standbyData, standbyPort);
    if (options.synchronous)
      for (const sql of [
        "ALTER SYSTEM SET synchronous_standby_names = '*'",
        "ALTER SYSTEM SET synchronous_commit = 'remote_apply'",
        "SELECT pg_reload_conf()",
      ])
        await query(url(primaryPort, "postgres"), sql);
    // Streaming, and (synchronous) acknowledged as the synchronous standby: until then a commit
    // on the primary would wait.
    await waitFor("the standby streams from the primary", async () => {
      const rows = await query<{ sync_state: string }>(
        url(primaryPort, "postgres"),
        "SELECT sync_state FROM pg_stat_replication WHERE state = 'streaming'",
      );
      return rows.some((r) => r.sync_state === (options.synchronous ? "sync" : "async"));
    });
  } catch (error) {
    remove();
    throw error;
  }
  const postmaster = primaryPid as number;
  return {
    primaryUrl: url(primaryPort, "urnkit"),
    standbyUrl: url(standbyPort, "urnkit"),
    primaryPort,
    standbyPort,
    killPrimary() {
      const children = childrenOf(postmaster);
      for (const pid of [postmaster, ...children]) {
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // Gone already.
        }
      }
    },
    promoteStandby() {
      run("pg_ctl", ["-D", standbyData, "-w", "-t", "60", "promote"]);
    },
    remove,
  };
}
