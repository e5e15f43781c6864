import { registerHooks } from '../../engine/crud/hooks.js';
import { grantsChanged } from '../../access/grants-changed.js';

/** A product package bounds the menus of every tenant holding it: any committed edit or removal changes
 * what those tenants' users are shown. */
registerHooks('tenantPackage', {
  async committed({ ctx }) {
    await grantsChanged(ctx);
  },
});
