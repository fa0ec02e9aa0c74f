// `urnkit copy`: one registry into another (either engine to either), as its whole export read
// and imported in one stream: memory stays at a page and a batch whatever the size. The lines go
// across as the export makes them, not as text, and are checked as the import checks a file's. Each batch
// writes, in its own transaction, how far the copy got (the target's copy_checkpoint); a copy
// interrupted (killed, the machine gone down) and run again goes on after the last batch that
// committed, reading the source's export past the lines already copied, and so ends with what an
// uninterrupted copy makes. The source must not change in between (stop its writers). A target that
// holds anything else is refused unless asked (`allowNonEmpty`), and then follows the import's
// rules for a registry that is not empty.

import type { Store } from "../../storage/store.js";
import type { Limits } from "../../validation/limits.js";
import { Refusal } from "../../validation/refusal.js";
import { registryEntries } from "./export.js";
import { importRegistry, type RegistryImportEvent } from "./import.js";

/**
 * Record lines a copy writes in one transaction: five times an import's default, since a copy
 * has no client waiting on a batch, and each commit and statement then costs a record less
 * (a batch is still a few megabytes at the most).
 */
const COPY_RECORD_BATCH = 5000;

export interface CopyOptions {
  /** The source as shown (without a password): a resumed copy must name the same. */
  source: string;
  /** Copy into a target that holds a registry already. */
  allowNonEmpty: boolean;
  limits: Limits;
}

export type CopyEvent = RegistryImportEvent | { resuming: true; after: number };

export async function* copyRegistry(
  from: Store,
  to: Store,
  options: CopyOptions,
): AsyncGenerator<CopyEvent> {
  const checkpoint = await to.transfer.copyCheckpoint();
  let skip = 0;
  let started = new Date().toISOString();
  let expectHeader: string | undefined;
  // A resumed copy cannot know whether its target held anything before it began.
  let fresh = false;
  if (checkpoint !== null && checkpoint.finished === null) {
    if (checkpoint.source !== options.source)
      throw new Refusal(
        "conflict",
        "other-copy",
        `the target holds an unfinished copy from ${checkpoint.source}: finish that copy (run it again) before copying from elsewhere`,
      );
    skip = checkpoint.line;
    started = checkpoint.started;
    expectHeader = checkpoint.header;
    yield { resuming: true, after: skip };
  } else if (!(await to.transfer.holdsAnything())) fresh = true;
  else if (!options.allowNonEmpty)
    throw new Refusal(
      "conflict",
      "target-not-empty",
      "the target holds a registry already: copy into an empty database, or pass --allow-non-empty to add to it (nothing stored there is changed; lines in conflict are refused and reported)",
    );
  yield* importRegistry(
    to,
    { exportPages: registryEntries(from, { tokens: true, history: true }) },
    {
      actor: { tokenId: null },
      limits: options.limits,
      copy: { source: options.source, started },
      skip,
      fresh,
      recordBatch: COPY_RECORD_BATCH,
      ...(expectHeader === undefined ? {} : { expectHeader }),
    },
  );
}
