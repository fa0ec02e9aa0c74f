// A fixture a suite makes in its before hook and closes in its after (hooks of skippedWhen, so a
// skipped suite makes none): the answer's members read those of the one made, in the tests, once
// the hook has run.

import type { SkippableSuite } from "./skipped-when.js";

export function madeInSuite<T extends object, K extends keyof T>(
  suite: Pick<SkippableSuite, "before" | "after">,
  fixture: { make(): Promise<T>; close(made: T): Promise<void> },
  members: readonly K[],
): Pick<T, K> {
  let made: T | undefined;
  suite.before(async () => {
    made = await fixture.make();
  });
  suite.after(async () => {
    if (made !== undefined) await fixture.close(made);
  });
  const view = {} as Pick<T, K>;
  for (const member of members)
    Object.defineProperty(view, member, {
      enumerable: true,
      get() {
        if (made === undefined) throw new Error("a suite's fixture is made in its before hook");
        return made[member];
      },
    });
  return view;
}
