// For tests only: URNKIT_RESOLVER_ORIGINS points the hosts of the public-resolver table at
// loopback servers that stand in for them ("urn.fi=http://127.0.0.1:8123,doi.org=http://…"),
// so that `urnkit resolve --follow` and `urnkit resolvers check` can be tested without asking
// any real resolver. Requests keep their path, query and Host header; the SSRF guard still
// applies (loopback needs --allow-private).

import type { Command } from "commander";

export const RESOLVER_ORIGINS_ENV = "URNKIT_RESOLVER_ORIGINS";

/**
 * The host → origin map of URNKIT_RESOLVER_ORIGINS, or undefined when it is unset or empty;
 * throws an Error saying what is wrong with a malformed value.
 */
export function resolverOrigins(
  env: Record<string, string | undefined>,
): Map<string, string> | undefined {
  const value = env[RESOLVER_ORIGINS_ENV]?.trim();
  if (value === undefined || value === "") return undefined;
  const map = new Map<string, string>();
  for (const pair of value.split(",")) {
    const eq = pair.indexOf("=");
    const host = pair.slice(0, eq).trim().toLowerCase();
    const origin = pair.slice(eq + 1).trim();
    let url: URL | undefined;
    try {
      url = new URL(origin);
    } catch {}
    if (eq <= 0 || url === undefined || !/^https?:$/.test(url.protocol)) {
      throw new Error(`${RESOLVER_ORIGINS_ENV}: "${pair}" is not host=http://address:port`);
    }
    map.set(host, url.origin);
  }
  return map;
}

/** resolverOrigins of the command's environment; a malformed value is a usage error. */
export function commandResolverOrigins(
  env: Record<string, string | undefined>,
  command: Command,
): Map<string, string> | undefined {
  try {
    return resolverOrigins(env);
  } catch (error) {
    command.error(`error: ${(error as Error).message}`);
  }
}
