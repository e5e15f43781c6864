import type { ResourceDef } from '@tongxin/resources';
import type { Row } from './wire';

/** What a change notice carries: the definition whose rows changed, and those rows (as sent or read). */
export type ResourceChangeListener = (def: ResourceDef, rows: Row[]) => void;

const listeners = new Set<{ name?: string; listener: ResourceChangeListener }>();

/** Subscribes a cache to the changes of one resource (by its definition) or, without one, of every
 * resource: a save, a removal or an action on a ResourcePage notifies it. Returns the unsubscribe. */
export function onResourceChanged(
  def: Pick<ResourceDef, 'name'> | undefined,
  listener: ResourceChangeListener,
): () => void {
  const entry = { name: def?.name, listener };
  listeners.add(entry);
  return () => void listeners.delete(entry);
}

/** Tells the subscribers that rows of `def` changed. */
export function resourceChanged(def: ResourceDef, rows: Row[]): void {
  for (const { name, listener } of listeners)
    if (name === undefined || name === def.name) listener(def, rows);
}
