// A store's whole export (NDJSON, as GET /api/v1/export streams it) as one text, for the tests
// that compare exports across engines, copies and restores.

import { exportLines } from "../src/routes/import-export.js";
import type { Store } from "../src/storage/store.js";

export async function exportText(store: Store, pageSize?: number): Promise<string> {
  let text = "";
  for await (const chunk of exportLines(store, pageSize)) text += chunk;
  return text;
}
