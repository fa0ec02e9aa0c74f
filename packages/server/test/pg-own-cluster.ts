// A small PostgreSQL cluster a test owns, to stop and start it under a running server: made by
// initdb in a temporary directory, on a free loopback port, as .ci/postgres-up.sh makes the
// shared one (as the postgres system user when the tests run as root, since initdb refuses root).
// Null when no PostgreSQL binaries are installed.

import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface OwnCluster {
  url: string;
  start(): void;
  /** Stops the server at once ("immediate": no shutdown checkpoint, clients cut off). */
  stopNow(): void;
  remove(): void;
}

/** The newest installed PostgreSQL's binaries, or null. */
export function binaries(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], "bin");
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Why the own-cluster tests are skipped, or false when they can run. */
export const OWN_CLUSTER_SKIP: string | false =
  binaries() === null ? "no PostgreSQL binaries (initdb) installed" : false;

/**
 * A temporary directory a cluster's files go in (`prefix` names it) and the PostgreSQL tools to
 * run on them: as the postgres system user when the tests run as root, since initdb refuses root.
 */
export function clusterTools(prefix: string) {
  const bin = binaries() as string;
  const root = process.getuid?.() === 0;
  const run = (tool: string, args: string[]) =>
    root
      ? execFileSync("runuser", ["-u", "postgres", "--", join(bin, tool), ...args], {
          stdio: "pipe",
        })
      : execFileSync(join(bin, tool), args, { stdio: "pipe" });
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  if (root) execFileSync("chown", ["postgres:", dir]);
  return {
    dir,
    run,
    initdb: (data: string) =>
      run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]),
    /** Starts the server of `data` on loopback `port`, its log in `log`, with more `settings`. */
    start: (data: string, port: number, log: string, settings = "") =>
      run("pg_ctl", [
        "-D",
        data,
        "-l",
        log,
        "-w",
        "-t",
        "60",
        "-o",
        `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off ${settings}`,
        "start",
      ]),
    stopNow: (data: string) => run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]),
  };
}

export async function ownCluster(): Promise<OwnCluster> {
  const tools = clusterTools("urnkit-own-pg-");
  const port = await freePort();
  const data = join(tools.dir, "data");
  tools.initdb(data);
  const start = () => tools.start(data, port, join(tools.dir, "server.log"));
  const stopNow = () => tools.stopNow(data);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stopNow,
    remove() {
      try {
        stopNow();
      } catch {
        // Stopped already.
      }
      rmSync(tools.dir, { recursive: true, force: true });
    },
  };
}
