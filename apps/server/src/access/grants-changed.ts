import type { Services } from '../services.js';

/** Menus, role grants, top-menu settings, tenant packages or scopes changed (and committed): this
 * instance drops its cached grants now, and every instance's cached menu answers and grants are keyed
 * on the shared version, which this replaces. */
export async function grantsChanged(ctx: Services): Promise<void> {
  ctx.permissions.invalidate();
  await ctx.grantsVersion.bump();
}
