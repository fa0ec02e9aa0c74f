// Runs `urnkit serve` (the built bin) in a child process for the tests that need real signals,
// ports and environment: resolves once it prints the address it serves, with everything it wrote.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

export const bin = fileURLToPath(new URL("../bin/urnkit.js", import.meta.url));

export interface Served {
  proc: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Sends SIGTERM; resolves to the exit code. */
  stop(): Promise<number | null>;
}

/**
 * `urnkit serve <args>` with `env` added to this process's environment (undefined: removed);
 * resolves once standard error matches `ready` (by default: the start-up message's last line).
 */
export function serve(
  args: string[],
  env: Record<string, string | undefined> = {},
  ready = /^OpenAPI: .*\n/m,
): Promise<Served> {
  const full: NodeJS.ProcessEnv = { ...process.env };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete full[name];
    else full[name] = value;
  }
  const proc = spawn(process.execPath, [bin, "serve", ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: full,
  });
  let out = "";
  let err = "";
  proc.stdout?.on("data", (d) => {
    out += d;
  });
  return new Promise((resolve, reject) => {
    const early = (code: number | null) =>
      reject(new Error(`serve exited ${code} before serving:\n${err}`));
    proc.once("exit", early);
    proc.stderr?.on("data", (d) => {
      err += d;
      const url = /^urnkit serving .* at (http:\/\/\S+)$/m.exec(err)?.[1];
      if (url === undefined || !ready.test(err)) return;
      proc.off("exit", early);
      resolve({
        proc,
        url,
        stdout: () => out,
        stderr: () => err,
        async stop() {
          if (proc.exitCode !== null) return proc.exitCode;
          const exited = once(proc, "exit");
          proc.kill("SIGTERM");
          const [code] = await exited;
          return code as number | null;
        },
      });
    });
  });
}

/** Runs the bin to its end: exit code and output (for failures that never serve). */
export function runBin(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const proc = spawn(process.execPath, [bin, ...args], {
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env },
  });
  let stdout = "";
  let stderr = "";
  proc.stdout.on("data", (d) => {
    stdout += d;
  });
  proc.stderr.on("data", (d) => {
    stderr += d;
  });
  return new Promise((resolve) => proc.on("close", (code) => resolve({ code, stdout, stderr })));
}
