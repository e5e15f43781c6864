import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { formatDateTime } from '../../util/datetime.js';

/** After 启用 (the `enable` transition) of a connector configuration (对象存储, 短信配置): the tenant's
 * other enabled configurations stop, so one stays enabled (docs/domain-model.md#对象存储-oss). */
export function oneEnabled(table: string, enabled: number): NonNullable<ResourceHooks['afterTransition']> {
  return async ({ trx, actor }, transition, _before, after) => {
    if (transition.name !== 'enable') return;
    // an invariant across the tenant's rows, not a move of this record: a plain write by design
    await trx
      .updateTable(table)
      .set({ status: 1, update_time: formatDateTime(), update_user: actor.userId || null })
      .where('tenant_id', '=', String(after.tenant_id))
      .where('status', '=', enabled)
      .where('id', '<>', String(after.id))
      .execute();
  };
}
