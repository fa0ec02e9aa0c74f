// Which server process checks links (`urnkit serve --check-links-every`): one lease row in the
// database, held by one process until a time it renews while it runs. Two servers on one
// database would otherwise both check every locator; with the lease one checks and the other
// waits, and takes over once the holder stops (it gives the lease up) or dies (the lease runs
// out). The same idea as a harvest source's lease (storage/harvest.ts), for one job per database.

import type { MethodNames } from "./forward.js";

export interface LinkLeaseStore {
  /**
   * Takes the lease for `holder` until `until`, or renews it when `holder` has it. False while
   * another holder's lease runs (ends after `now`).
   */
  takeLinkLease(holder: string, until: string, now: string): Promise<boolean>;
  /** Gives up `holder`'s lease (nothing when another holds it). */
  releaseLinkLease(holder: string): Promise<void>;
}

/** LinkLeaseStore's methods, which the engine stores forward to their module (forward.ts). */
export const LINK_LEASE_METHODS: MethodNames<LinkLeaseStore> = {
  takeLinkLease: true,
  releaseLinkLease: true,
};
