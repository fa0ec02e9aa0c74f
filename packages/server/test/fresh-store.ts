// A fresh, migrated store of one engine for the span of `work`: closed after it, whatever it does.

import type { Engine, EngineHandle } from "./engines.js";

export async function onFreshStore<T>(
  engine: Engine,
  work: (h: EngineHandle) => Promise<T>,
): Promise<T> {
  const h = await engine.open();
  try {
    return await work(h);
  } finally {
    await h.close();
  }
}
