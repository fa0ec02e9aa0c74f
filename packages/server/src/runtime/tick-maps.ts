// Keeps the hidden classes of node's process.nextTick queue entries alive for the life of the
// process.
//
// Every request goes through process.nextTick several times (streams, sockets, fastify). Its queue
// entry is an object literal with computed keys, whose properties V8 defines through an inline
// cache that remembers one hidden class ("map") and, on seeing any other, goes megamorphic for
// good: optimized nextTick then defines each property through a runtime call. Maps are held weakly,
// so when a full garbage collection runs while no tick is queued, as it does while an app starts
// or a server idles, the maps die and the next tick builds new ones: the cache goes megamorphic.
// In urnkit's benchmark that costs about a tenth of the requests a second. One entry held here
// keeps its maps, and so every later entry's, alive.

import { createHook } from "node:async_hooks";

let kept: object | undefined;

/** Holds one nextTick queue entry forever (once per process; later calls do nothing). */
export function keepTickMaps(): void {
  if (kept !== undefined) return;
  // The entry is handed to async hooks' init as its resource, and to nothing else.
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === "TickObject") kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(() => {});
  } finally {
    hook.disable();
  }
}

/** The entry kept (for the test that checks later entries share its map). */
export function keptTickEntry(): object | undefined {
  return kept;
}
