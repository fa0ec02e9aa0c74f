// Stopping a long-running command (`serve`, `sandbox`) on SIGINT or SIGTERM.

/**
 * SIGINT or SIGTERM, listened for from before the server starts, so that a signal during
 * start-up still ends in a clean stop; `cancel` when the start fails.
 */
export function stopSignal(): { signal: Promise<string>; cancel(): void } {
  let cancel = () => {};
  const signal = new Promise<string>((resolve) => {
    const stop = (name: string) => {
      cancel();
      resolve(name);
    };
    cancel = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  return { signal, cancel };
}
