import type { ResourceHooks } from '../../engine/crud/hooks.js';

/** After 启用 (the `enable` transition) of a connector configuration (对象存储, 短信配置): the tenant's
 * other enabled configurations are `superseded`, each through its own transition (version, 操作审计), so
 * one stays enabled (docs/domain-model.md#对象存储-oss). `resource`: the definition's name. */
export function oneEnabled(resource: string, enabled: number): NonNullable<ResourceHooks['afterTransition']> {
  return async ({ trx, ctx, actor }, transition, _before, after) => {
    if (transition.name !== 'enable') return;
    const engine = ctx.resources.named(resource);
    const others = await trx
      .selectFrom(engine.def.table)
      .select('id')
      .where('tenant_id', '=', String(after.tenant_id))
      .where('status', '=', enabled)
      .where('id', '<>', String(after.id))
      .where('is_deleted', '=', 0)
      .execute();
    for (const other of others) await engine.transition(trx, actor, String(other.id), 'superseded');
  };
}
