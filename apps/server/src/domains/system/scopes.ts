import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { grantsChanged } from '../../access/grants-changed.js';

/** Data and API scopes feed every permission decision (row conditions, visible fields, protected API
 * paths): any committed change drops the cached grants so the next request reads them afresh. */
export const scopeHooks: ResourceHooks = {
  async committed({ ctx }) {
    await grantsChanged(ctx);
  },
};
