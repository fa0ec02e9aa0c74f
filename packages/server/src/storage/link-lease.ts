// Which server process checks links (`urnkit serve --check-links-every`): one lease row in the
// database, held by one process until a time it renews while it runs. Two servers on one
// database would otherwise both check every locator; with the lease one checks and the other
// waits, and takes over once the holder stops (it gives the lease up) or dies (the lease runs
// out). The same idea as a harvest source's lease (storage/harvest.ts), for one job per database.

export interface LinkLeaseStore {
  /**
   * Takes the lease for `holder` until `until`, or renews it when `holder` has it. False while
   * another holder's lease runs (ends after `now`).
   */
  take(holder: string, until: string, now: string): Promise<boolean>;
  /** Gives up `holder`'s lease (nothing when another holds it). */
  release(holder: string): Promise<void>;
}
