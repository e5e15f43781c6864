import { sql } from 'kysely';
import type { Trx } from '../../db/database.js';
import { hashPassword, isMd5Hex, md5Hex } from '../../auth/passwords.js';
import { assertStrongPassword } from '../../auth/weak-passwords.js';
import { badRequest } from '../../http/envelope.js';

// What every way of creating or changing an account shares (user screen, import, guest registration).

export const USER_STATUS = { disabled: 0, normal: 1, pending: 2 } as const;

/** Every change of a user row raises its version (optimistic locking, engine/crud/record-version.ts): an
 * edit form read before a role grant or a lock is then refused instead of undoing it. */
export const bump = sql<number>`version + 1`;

/** The role ids a stored user row holds. */
export const heldRoles = (raw: unknown) => String(raw ?? '').split(',');

/** The client sends md5(password); a plain value (an Excel import) is md5-ed here first. */
export const passwordHash = (value: string) => hashPassword(isMd5Hex(value) ? value : md5Hex(value));

/** A password the caller chooses for `account` (a new user, a registration, a change of one's own):
 * refused when it is a common password or the account name (auth/weak-passwords.ts), else hashed. */
export async function chosenPasswordHash(value: string, account: string): Promise<string> {
  await assertStrongPassword(value, account);
  return passwordHash(value);
}

/**
 * A new account must fit in the tenant's quota (`account_number`; -1 for none), counting every account
 * that is not deleted: pending guest registrations too. The tenant's row is locked until the transaction
 * ends, so accounts created at the same time are counted one after the other.
 */
export async function assertAccountQuota(trx: Trx, tenantId: string): Promise<void> {
  const tenant = await trx
    .selectFrom('blade_tenant')
    .select('account_number')
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst();
  const limit = Number(tenant?.account_number ?? -1);
  if (limit < 0) return;
  const used = await trx
    .selectFrom('blade_user')
    .select(sql<string>`count(*)`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (Number(used?.n ?? 0) >= limit) throw badRequest('当前租户已到最大账号额度');
}
