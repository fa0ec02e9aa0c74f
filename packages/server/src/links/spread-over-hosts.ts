// A round's locators spread over their hosts: `limit` of the due locators taken in turns, one
// host after the other (the order the hosts first come in), each host's own locators oldest
// first. The due list is ordered by age, and a registry's locators of one host tend to come in a
// row (an organisation registers its own): a round of the first `limit` then covers a few hosts,
// each allowed only `perHost` checks at once, and the round lasts as long as its busiest host
// makes it while the other slots stay idle. Picked in turns from a wider window, a round keeps
// as many hosts busy as the window holds. The oldest due locator is always picked first, so none
// waits for ever.

/** Up to `limit` of `due` (oldest first), taken one host after the other. */
export function spreadOverHosts<T>(
  due: readonly T[],
  limit: number,
  hostOf: (item: T) => string,
): T[] {
  if (due.length <= limit) return [...due];
  const byHost = new Map<string, T[]>();
  for (const item of due) {
    const host = hostOf(item);
    const queue = byHost.get(host);
    if (queue === undefined) byHost.set(host, [item]);
    else queue.push(item);
  }
  let queues = [...byHost.values()];
  const picked: T[] = [];
  for (let turn = 0; picked.length < limit; turn++) {
    for (const queue of queues) {
      picked.push(queue[turn] as T);
      if (picked.length === limit) break;
    }
    // The hosts with nothing left for the next turn leave the turns.
    queues = queues.filter((queue) => queue.length > turn + 1);
  }
  return picked;
}
