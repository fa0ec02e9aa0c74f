// A PostgreSQL location that names several servers, as libpq reads it:
// postgres://user@db1:5432,db2:5432/urnkit?target_session_attrs=read-write. pg (node-postgres)
// connects to one host only, so the list is taken apart here: one URL per server, tried in order
// by host-choice.ts until one is of the kind `target_session_attrs` asks for (a primary, after a
// failover the standby that was promoted).

/** libpq's target_session_attrs values (PostgreSQL 14 and later). */
export const SESSION_TARGETS = [
  "any",
  "read-write",
  "read-only",
  "primary",
  "standby",
  "prefer-standby",
] as const;

export type SessionTarget = (typeof SESSION_TARGETS)[number];

export interface ServerAddress {
  host: string;
  port: number;
  /** The location with this server as its only host, without target_session_attrs. */
  url: string;
}

export interface ServerList {
  servers: ServerAddress[];
  target: SessionTarget;
}

/** Servers in one location at most: libpq has no limit, but a list this long is a mistake. */
const MAX_SERVERS = 16;

const DEFAULT_PORT = 5432;

/** scheme, authority (user info and hosts), then path, query and fragment. */
const LOCATION = /^(postgres(?:ql)?:\/\/)([^/?#]*)(.*)$/is;

/** One entry of the host list: "[v6 address]:port", "name:port" or a name alone. */
const ENTRY = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::([0-9]*))?$/;

function targetOf(query: URLSearchParams): SessionTarget {
  const value = query.get("target_session_attrs") ?? "any";
  if ((SESSION_TARGETS as readonly string[]).includes(value)) return value as SessionTarget;
  throw new Error(
    `target_session_attrs must be one of ${SESSION_TARGETS.join(", ")}, not "${value}"`,
  );
}

/** What follows the hosts, without target_session_attrs (node-postgres does not know it). */
function withoutTarget(rest: string): { rest: string; query: URLSearchParams } {
  const q = rest.indexOf("?");
  if (q < 0) return { rest, query: new URLSearchParams() };
  const hash = rest.indexOf("#", q);
  const end = hash < 0 ? rest.length : hash;
  const query = new URLSearchParams(rest.slice(q + 1, end));
  if (!query.has("target_session_attrs")) return { rest, query };
  const kept = new URLSearchParams(query);
  kept.delete("target_session_attrs");
  const text = kept.toString();
  return { rest: `${rest.slice(0, q)}${text === "" ? "" : `?${text}`}${rest.slice(end)}`, query };
}

/**
 * The servers of a postgres:// location and the kind of session wanted. A location with one host
 * and no target_session_attrs gives that one server with the location unchanged.
 */
export function serverList(location: string): ServerList {
  const m = LOCATION.exec(location);
  if (m === null) throw new Error("a PostgreSQL location starts postgres://");
  const [, scheme, authority, after] = m as unknown as [string, string, string, string];
  const at = authority.lastIndexOf("@");
  const userInfo = at < 0 ? "" : authority.slice(0, at + 1);
  const hostList = authority.slice(at + 1);
  const { rest, query } = withoutTarget(after);
  const target = targetOf(query);
  const entries = hostList.split(",");
  if (entries.length > MAX_SERVERS)
    throw new Error(`a PostgreSQL location names at most ${MAX_SERVERS} servers`);
  if (entries.length === 1 && !query.has("target_session_attrs")) {
    const only = ENTRY.exec(hostList);
    const port = only?.[2] ? Number(only[2]) : DEFAULT_PORT;
    return { servers: [{ host: only?.[1] ?? "", port, url: location }], target };
  }
  const servers = entries.map((entry): ServerAddress => {
    const e = ENTRY.exec(entry.trim());
    if (e === null || e[1] === undefined)
      throw new Error(`"${entry}" in a PostgreSQL location is not host or host:port`);
    const port = e[2] === undefined || e[2] === "" ? DEFAULT_PORT : Number(e[2]);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new Error(`the port of "${entry}" in a PostgreSQL location is not 1 to 65535`);
    const host = e[1].startsWith("[") ? e[1].slice(1, -1) : e[1];
    return { host, port, url: `${scheme}${userInfo}${e[1]}:${port}${rest}` };
  });
  return { servers, target };
}

/** Whether a session in this state is of the kind `target` asks for. */
export function fits(
  target: SessionTarget,
  state: { inRecovery: boolean; readOnly: boolean },
): boolean {
  switch (target) {
    case "read-write":
      return !state.readOnly;
    case "read-only":
      return state.readOnly;
    case "primary":
      return !state.inRecovery;
    case "standby":
      return state.inRecovery;
    default:
      // "any", and "prefer-standby" once no standby answered.
      return true;
  }
}
