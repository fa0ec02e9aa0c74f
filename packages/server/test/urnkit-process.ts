// Starts urnkit server processes for the multi-process tests and stops them.

import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const fixture = fileURLToPath(new URL("./fixtures/serve-location.ts", import.meta.url));

export interface UrnkitProcess {
  proc: ChildProcess;
  base: string;
  stop(): Promise<void>;
}

/** Serves `location` (and its read replica) in a child process; resolves once it listens. */
export function startUrnkit(location: string, readLocation?: string): Promise<UrnkitProcess> {
  return new Promise((resolve, reject) => {
    const args = ["--import", "tsx", fixture, location];
    if (readLocation !== undefined) args.push(readLocation);
    const proc = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    const early = (code: number | null) => reject(new Error(`urnkit exited early (${code})`));
    proc.on("exit", early);
    proc.stdout?.on("data", (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m === null) return;
      proc.off("exit", early);
      resolve({
        proc,
        base: `http://127.0.0.1:${m[1]}`,
        async stop() {
          if (proc.exitCode !== null) return;
          const exited = once(proc, "exit");
          proc.kill("SIGTERM");
          const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
          await exited;
          clearTimeout(timer);
        },
      });
    });
  });
}
