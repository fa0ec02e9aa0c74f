// The record status a request filters by (GET /api/v1/urns, the search page): one of the statuses
// records have (storage/records.ts), named in the refusal.

import { RECORD_STATUSES, type RecordStatus } from "../../storage/records.js";
import { Refusal } from "../refusal.js";

/** The status `text` names; 400 naming the parameter and the statuses otherwise. */
export function statusParameter(text: string): RecordStatus {
  if ((RECORD_STATUSES as readonly string[]).includes(text)) return text as RecordStatus;
  const message = `must be one of ${RECORD_STATUSES.join(", ")}`;
  throw new Refusal("bad-request", "invalid-request", `querystring/status: ${message}`, {
    errors: [{ path: "/status", message }],
    in: "querystring",
  });
}
