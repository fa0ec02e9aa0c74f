// A write refused because another row holds its key: the store says so with a ConflictError that
// names the holder; the registry answers 409 with a code of its own and the holder as `existing`.

import { ConflictError } from "../storage/errors.js";
import { Refusal } from "../validation/refusal.js";

/** The store's taken key as a 409 `code` naming the row that holds it. */
export function takenKey(code: string, error: ConflictError): Refusal {
  return new Refusal("conflict", code, error.message, { existing: error.existing });
}

/** What `write` returns; a key it finds taken is refused as a 409 `code` (takenKey). */
export async function refusingTakenKey<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof ConflictError) throw takenKey(code, error);
    throw error;
  }
}
