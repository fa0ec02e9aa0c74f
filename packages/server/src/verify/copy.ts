// A copy into this registry that has not finished (`urnkit copy` killed or stopped, and not run
// again): the registry holds the source's export up to some line, so each check above may pass
// on it while records, statistics or history after that line are missing.

import type { UnfinishedCopy } from "../storage/integrity.js";
import type { Finding } from "./finding.js";

export function copyFindings(copy: UnfinishedCopy | null): Finding[] {
  if (copy === null) return [];
  return [
    {
      check: "copy",
      code: "copy-unfinished",
      object: "copy_checkpoint",
      problem: `a copy from ${copy.source}, begun ${copy.started}, stopped after line ${copy.line} of its export: the registry is incomplete`,
      expected: `the copy finished: run the same urnkit copy --from ${copy.source} again, which resumes after line ${copy.line}`,
    },
  ];
}
