// Switches (flags without a value) that may also come from an environment variable, for `serve`
// and the link checker's options.

import type { Command } from "commander";

const ON = ["1", "true", "yes", "on"];
const OFF = ["", "0", "false", "no", "off"];

/**
 * A switch that may come from its environment variable. commander takes any value of the
 * variable as "on", so URNKIT_EXAMPLE=0 would turn it on: read the value here instead.
 */
export function flag(command: Command, name: string, envVar: string): boolean {
  const value = command.getOptionValue(name) === true;
  if (command.getOptionValueSource(name) !== "env") return value;
  const text = (process.env[envVar] ?? "").trim().toLowerCase();
  if (ON.includes(text)) return true;
  if (OFF.includes(text)) return false;
  return command.error(`error: ${envVar} must be one of ${[...ON, ...OFF.slice(1)].join(", ")}`);
}
