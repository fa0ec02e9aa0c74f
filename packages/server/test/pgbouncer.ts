// PgBouncer in transaction pooling mode in front of the shared test server (URNKIT_TEST_PG), on a
// free loopback port, for the tests that run urnkit behind it (docs/deploy.md, "PgBouncer"). Few
// server connections for many clients, so that consecutive transactions of one client land in
// different server sessions: whatever a session kept between them would be missed at once. Run as
// the postgres system user when the tests run as root (PgBouncer refuses root), as a daemon whose
// pid file says which process to stop. Debian's package installs /usr/sbin/pgbouncer.

import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_PG } from "./pg-database.js";
import { freePort } from "./pg-own-cluster.js";

const BINARY = "/usr/sbin/pgbouncer";

/** Why PgBouncer tests are skipped, or false. */
export const PGBOUNCER_SKIP: string | false =
  TEST_PG === null
    ? "URNKIT_TEST_PG is not set: PgBouncer tests skipped"
    : existsSync(BINARY)
      ? false
      : "PgBouncer is not installed (Debian: apt-get install pgbouncer): PgBouncer tests skipped";

export interface Bouncer {
  port: number;
  /** `url` (on the test server) with PgBouncer's address instead. */
  through(url: string): string;
  stop(): void;
}

export async function startBouncer(options: { serverConnections?: number } = {}): Promise<Bouncer> {
  const server = new URL(TEST_PG as string);
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), "urnkit-pgbouncer-"));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const file = (name: string) => join(dir, name);
  writeFileSync(file("users.txt"), `"${decodeURIComponent(server.username || "postgres")}" ""\n`);
  writeFileSync(
    file("pgbouncer.ini"),
    [
      "[databases]",
      `* = host=${server.hostname} port=${server.port || 5432}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${file("users.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 1000",
      `default_pool_size = ${options.serverConnections ?? 4}`,
      "max_db_connections = 0",
      `logfile = ${file("pgbouncer.log")}`,
      `pidfile = ${file("pgbouncer.pid")}`,
      "",
    ].join("\n"),
  );
  if (root) execFileSync("chown", ["-R", "postgres:", dir]);
  const args = ["-d", file("pgbouncer.ini")];
  if (root) execFileSync("runuser", ["-u", "postgres", "--", BINARY, ...args], { stdio: "pipe" });
  else execFileSync(BINARY, args, { stdio: "pipe" });
  // The daemon writes its pid file once it runs, which may be a moment after -d returns.
  for (let tries = 0; !existsSync(file("pgbouncer.pid")); tries++) {
    if (tries >= 100) throw new Error(`PgBouncer did not start: see ${file("pgbouncer.log")}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const pid = Number(readFileSync(file("pgbouncer.pid"), "utf8").trim());
  return {
    port,
    through(url: string) {
      const u = new URL(url);
      u.hostname = "127.0.0.1";
      u.port = String(port);
      return u.toString();
    },
    stop() {
      try {
        process.kill(pid, "SIGTERM");
      } catch {
        // Gone already.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
