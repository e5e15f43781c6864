import { registerHooks } from '../crud/hooks.js';
import { grantsChanged } from '../system/grants-changed.js';

/** A product package bounds the menus of every tenant holding it: any committed edit or removal changes
 * what those tenants' users are shown. */
registerHooks('tenantPackage', {
  async committed({ ctx }) {
    await grantsChanged(ctx);
  },
});
