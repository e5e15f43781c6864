import { sql } from 'kysely';
import type { Services } from '../services.js';
import { PLATFORM_TENANT } from '../db/database.js';

/** What revoking reads of the server's services (services.ts), handed down by buildApp. */
export type RevokeServices = Pick<Services, 'config' | 'db' | 'roles' | 'tokens'>;

/** Ends every live session of the users (their access and refresh tokens), on every instance. Call it
 * after the change that shuts them out (lock, removal, password reset) has committed: a token issued
 * before that moment dies, and a new one needs the new state (unlocked, the new password). `keepSid`
 * spares the session that made the change (a user changing their own password). */
export async function revokeUsers(ctx: RevokeServices, userIds: string[], keepSid?: string): Promise<void> {
  if (!userIds.length) return;
  const ttl = await longestTokenSeconds(ctx);
  for (const id of userIds) await ctx.tokens.revokeUser(id, ttl, keepSid);
}

/** The roles of these users, or roles of these tenants, changed (and committed): tokens issued before
 * now answer with the current roles from the next request on, on every instance (auth/current-roles.ts). */
export async function rolesChanged(
  ctx: RevokeServices,
  changed: { userIds?: string[]; tenantIds?: string[] },
): Promise<void> {
  if (!changed.userIds?.length && !changed.tenantIds?.length) return;
  const ttl = await longestTokenSeconds(ctx);
  await ctx.roles.usersChanged(changed.userIds ?? [], ttl);
  await ctx.roles.tenantsChanged(changed.tenantIds ?? [], ttl);
}

/** No token outlives the longest validity any client grants (clients are global rows). */
async function longestTokenSeconds(ctx: RevokeServices): Promise<number> {
  const row = await ctx.db.tx({ tenantId: PLATFORM_TENANT }, (trx) =>
    trx
      .selectFrom('blade_client')
      .select(sql<string>`max(greatest(access_token_validity, refresh_token_validity))`.as('s'))
      .where('is_deleted', '=', 0)
      .executeTakeFirst(),
  );
  const { accessTokenSeconds, refreshTokenSeconds } = ctx.config;
  return Math.max(Number(row?.s ?? 0), accessTokenSeconds, refreshTokenSeconds);
}
