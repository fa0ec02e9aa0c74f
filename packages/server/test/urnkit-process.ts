// Starts urnkit server processes for the multi-process tests and stops them.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import type { Store } from "../src/storage/store.js";
import { openTestStore, suiteDatabase } from "./pg-database.js";
import type { SkippableSuite } from "./skipped-when.js";

const fixture = fileURLToPath(new URL("./fixtures/serve-location.ts", import.meta.url));

export interface UrnkitProcess {
  proc: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/**
 * Runs a TypeScript script that listens on a free port and prints "PORT <n>"; resolves once it
 * does, rejects when the script exits first.
 */
export function startListening(
  script: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ proc: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      stdio: ["ignore", "pipe", "inherit"],
      env,
    });
    let out = "";
    const early = (code: number | null) => reject(new Error(`${script} exited early (${code})`));
    proc.on("exit", early);
    proc.stdout?.on("data", (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m === null) return;
      proc.off("exit", early);
      resolve({ proc, port: Number(m[1]) });
    });
  });
}

/** Serves `location` (and its read replica) in a child process; resolves once it listens. */
export async function startUrnkit(
  location: string,
  readLocation?: string,
  options: { connectTimeoutMs?: number } = {},
): Promise<UrnkitProcess> {
  const { proc, port } = await startListening(
    fixture,
    readLocation === undefined ? [location] : [location, readLocation],
    options.connectTimeoutMs === undefined
      ? process.env
      : { ...process.env, URNKIT_TEST_CONNECT_TIMEOUT_MS: String(options.connectTimeoutMs) },
  );
  return {
    proc,
    base: `http://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode !== null) return;
      const exited = once(proc, "exit");
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/**
 * Two urnkit processes on one fresh PostgreSQL database for a suite, as behind a load balancer:
 * `prepare` fills the database through a store of its own (closed before the processes start)
 * and answers what the tests need beside the two processes.
 */
export function twoProcesses<T extends object>(
  suite: Pick<SkippableSuite, "before" | "after">,
  prepare: (store: Store) => Promise<T>,
): () => T & { a: UrnkitProcess; b: UrnkitProcess } {
  return suiteDatabase(
    suite,
    async (db) => {
      const store = await openTestStore(db.url);
      let prepared: T;
      try {
        prepared = await prepare(store);
      } finally {
        await store.close();
      }
      const [a, b] = await Promise.all([startUrnkit(db.url), startUrnkit(db.url)]);
      return { ...prepared, a, b };
    },
    ({ a, b }) => Promise.all([a.stop(), b.stop()]),
  );
}

/** A request with a bearer token to a urnkit process; redirects are not followed. */
export function callUrnkit(
  base: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<Response> {
  return fetch(`${base}${path}`, {
    method,
    redirect: "manual",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
