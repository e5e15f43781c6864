import { PLATFORM_TENANT, type Database } from '../db/database.js';
import { formatDateTime } from '../util/datetime.js';

export const TENANT_MSG = {
  unknown: '租户信息错误,请检查租户编号',
  expired: '租户授权已过期,请联系管理员',
  disabled: '租户已停用,请联系管理员',
} as const;

export interface TenantRow {
  status: unknown;
  expire_time: unknown;
}

/** Why a tenant's users may not sign in or go on now (unknown, disabled, past its expiry; the platform
 * never expires), or null. */
export function tenantRefusal(tenantId: string, tenant: TenantRow | undefined): string | null {
  if (!tenant) return TENANT_MSG.unknown;
  if (Number(tenant.status) !== 1) return TENANT_MSG.disabled;
  const expire = tenant.expire_time as string | null;
  if (tenantId !== PLATFORM_TENANT && expire && expire < formatDateTime()) return TENANT_MSG.expired;
  return null;
}

/** How long an instance answers from the tenant row it read (every instance reads its own). */
export const TENANT_STATE_MS = 3000;

interface Known {
  row: TenantRow | undefined;
  readAt: number;
}

/**
 * A tenant disabled or expired ends its users' sessions at their next request, not when their tokens
 * run out: the guard asks here on every request. The tenant's row is read again once it is a few
 * seconds old (TENANT_STATE_MS, one indexed read per tenant and instance), and at once after a tenant
 * was changed through this instance; the expiry is compared with the clock on every request.
 */
export class TenantStates {
  private readonly known = new Map<string, Known>();
  private readonly reading = new Map<string, Promise<Known>>();
  /** Raised by `forget`: a read begun before it answers its request but is not remembered. */
  private generation = 0;
  constructor(private readonly db: Database) {}

  async refusal(tenantId: string): Promise<string | null> {
    let known = this.known.get(tenantId);
    if (!known || Date.now() - known.readAt >= TENANT_STATE_MS) known = await this.read(tenantId);
    return tenantRefusal(tenantId, known.row);
  }

  /** Tenants changed (committed) through this instance: read again at the next request. */
  forget(): void {
    this.generation++;
    this.known.clear();
    this.reading.clear();
  }

  /** One read per tenant at a time, whatever the number of requests waiting for it. */
  private read(tenantId: string): Promise<Known> {
    let pending = this.reading.get(tenantId);
    if (!pending) {
      const readAt = Date.now();
      const generation = this.generation;
      pending = this.db
        .read({ tenantId }, (trx) =>
          trx
            .selectFrom('blade_tenant')
            .select(['status', 'expire_time'])
            .where('tenant_id', '=', tenantId)
            .where('is_deleted', '=', 0)
            .executeTakeFirst(),
        )
        .then((row) => {
          const known = { row, readAt };
          if (generation === this.generation) this.known.set(tenantId, known);
          return known;
        })
        .finally(() => {
          if (this.reading.get(tenantId) === pending) this.reading.delete(tenantId);
        });
      this.reading.set(tenantId, pending);
    }
    return pending;
  }
}
