import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';
import { isId } from '@tongxin/resources';
import type { MarkStore } from './token-marks.js';
import type { AuthUser } from './tokens.js';

/** `<ms> <random>`: two changes in one millisecond still make two marks (re-read roles are remembered
 * per mark). */
const newMark = () => `${Date.now()} ${randomBytes(4).toString('hex')}`;

/** How many users' re-read roles are remembered per instance (oldest dropped first). */
const REMEMBERED = 5000;

/**
 * Role changes reach tokens issued before them at the next request. A token names its roles (ids and
 * aliases) as they were at login or refresh; when a user's roles change (user/grant, a user's update)
 * or a role of the tenant changes (its alias, its removal), the change leaves a mark in the shared store,
 * and a token issued before the latest mark that concerns it is answered with the roles the user holds
 * now, read once per user and mark on each instance. The marks are read in the same round trip as the
 * token's revocation marks (TokenService.checkAccess), so a request that no change concerns costs nothing
 * more. A token narrowed to one role (Role-Id, switch mode) gets every role the user holds until its
 * next refresh narrows it again.
 */
export class CurrentRoles {
  private readonly remembered = new Map<string, { roleIds: string[]; roleAliases: string[] }>();
  constructor(
    private readonly db: Database,
    /** Where the marks are written (the shared store backed by the database, auth/token-marks.ts). */
    private readonly store: MarkStore,
  ) {}

  /** The marks that concern a token of this user, for `resolve`. */
  keys(user: { userId: string; tenantId: string }): string[] {
    return [`roles:user:${user.userId}`, `roles:tenant:${user.tenantId}`];
  }

  /** The user with the roles to answer with: the token's, or the current ones when a mark is newer. */
  async resolve(user: AuthUser, issuedMs: number, marks: readonly (string | null)[]): Promise<AuthUser> {
    const mark = Math.max(0, ...marks.map((m) => Number((m ?? '0').split(' ')[0]) || 0));
    if (issuedMs > mark) return user;
    const key = `${user.userId}:${marks.join('|')}`;
    let roles = this.remembered.get(key);
    if (!roles) {
      roles = await this.read(user);
      if (this.remembered.size >= REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(key, roles);
    }
    return { ...user, ...roles };
  }

  /** Call after the change has committed. A mark must outlive the longest token, `ttlSeconds`. */
  async usersChanged(userIds: readonly string[], ttlSeconds: number): Promise<void> {
    for (const id of userIds) await this.store.set(`roles:user:${id}`, newMark(), ttlSeconds);
  }

  async tenantsChanged(tenantIds: readonly string[], ttlSeconds: number): Promise<void> {
    for (const id of tenantIds) await this.store.set(`roles:tenant:${id}`, newMark(), ttlSeconds);
  }

  private async read(user: AuthUser): Promise<{ roleIds: string[]; roleAliases: string[] }> {
    return this.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = await trx
        .selectFrom('blade_user')
        .select('role_id')
        .where('id', '=', user.userId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      const ids = String(row?.role_id ?? '')
        .split(',')
        .filter(isId);
      const roles = ids.length
        ? await trx
            .selectFrom('blade_role')
            .select(['id', 'role_alias'])
            .where('id', 'in', ids)
            .where('tenant_id', '=', user.tenantId)
            .where('is_deleted', '=', 0)
            .execute()
        : [];
      return { roleIds: roles.map((r) => String(r.id)), roleAliases: roles.map((r) => String(r.role_alias)) };
    });
  }
}
