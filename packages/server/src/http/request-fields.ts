// The request header fields a resolution reads, taken from node's `rawHeaders` as its
// `request.headers` would give them: a field sent more than once is one list joined with ", "
// (RFC 9110 §5.3), except Host and User-Agent, of which node keeps the first. Reading these
// five from the raw list spares resolution building the whole headers object of every request,
// which showed in its profile.

import type { IncomingMessage } from "node:http";

export interface RequestFields {
  host: string | undefined;
  accept: string | undefined;
  ifNoneMatch: string | undefined;
  userAgent: string | undefined;
  requestId: string | undefined;
}

/** Whether `name` is `lower` in any case (field names are tokens: ASCII, no control characters). */
function named(name: string, lower: string): boolean {
  for (let i = 0; i < lower.length; i++)
    if ((name.charCodeAt(i) | 0x20) !== lower.charCodeAt(i)) return false;
  return true;
}

function joined(list: string | undefined, value: string): string {
  return list === undefined ? value : `${list}, ${value}`;
}

export function requestFields(request: IncomingMessage): RequestFields {
  const fields: RequestFields = {
    host: undefined,
    accept: undefined,
    ifNoneMatch: undefined,
    userAgent: undefined,
    requestId: undefined,
  };
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i] as string;
    const value = raw[i + 1] as string;
    switch (name.length) {
      case 4:
        if (fields.host === undefined && named(name, "host")) fields.host = value;
        break;
      case 6:
        if (named(name, "accept")) fields.accept = joined(fields.accept, value);
        break;
      case 10:
        if (fields.userAgent === undefined && named(name, "user-agent")) fields.userAgent = value;
        break;
      case 12:
        if (named(name, "x-request-id")) fields.requestId = joined(fields.requestId, value);
        break;
      case 13:
        if (named(name, "if-none-match")) fields.ifNoneMatch = joined(fields.ifNoneMatch, value);
        break;
    }
  }
  return fields;
}
