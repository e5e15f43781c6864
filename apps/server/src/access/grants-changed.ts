import type { Services } from '../services.js';

/** What a change of grants drops of the server's services (services.ts), handed down by buildApp. */
export type GrantServices = Pick<Services, 'grantsVersion' | 'permissions'>;

/** Menus, role grants, top-menu settings, tenant packages or scopes changed (and committed): this
 * instance drops its cached grants now, and every instance's cached menu answers and grants are keyed
 * on the shared version, which this replaces. */
export async function grantsChanged(ctx: GrantServices): Promise<void> {
  ctx.permissions.invalidate();
  await ctx.grantsVersion.bump();
}
