import type { KvStore } from './kv-store.js';

/** Counts one more call under `key` in the shared store (every instance counts together) and answers
 * whether it is within `max` calls. The window restarts with every call, so whoever keeps calling stays
 * refused until they pause for `windowSeconds`. */
export async function withinRate(
  store: KvStore,
  key: string,
  max: number,
  windowSeconds: number,
): Promise<boolean> {
  return (await store.incr(`rate:${key}`, windowSeconds)) <= max;
}
