import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { grantsChanged } from '../../access/grants-changed.js';

/** A product package bounds the menus of every tenant holding it: any committed edit or removal changes
 * what those tenants' users are shown. */
export const tenantPackageHooks: ResourceHooks = {
  async committed({ ctx }) {
    await grantsChanged(ctx);
  },
};
