/** 本社区 for the demo's grid workers: a data-scope rule (数据权限, blade_scope_data) per resource a grid
 * worker handles that holds a community's residents or their requests, granted to the `grid` role of
 * every demo tenant, so a grid worker of one community lists, opens, exports and changes only their
 * community's households, residents, tickets and sheets (本部门及以下 from their community's dept, on the
 * column that places the rows in a community): the demo shows least privilege. */
import { columnOf, resources } from '@tongxin/resources';
import type { Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import type { DemoSeedArgs } from '../../engine/module.js';
import { formatDateTime } from '../../util/datetime.js';

/** 本部门及以下 (dict data_scope_type) */
const OWN_DEPT_AND_BELOW = 4;
const SCOPE_NAME = '本社区';

/** The resources a grid worker's screens read, with the menu the rule hangs under when it is not the
 * definition's own screen (the residents' accounts are the user definition's rows, on 社区用户). */
const GRID_RESOURCES: [resource: string, menu?: string][] = [
  ['household'],
  ['householdRecord'],
  ['user', 'community_user'],
  ['sysComplain'],
  ['sysAdvice'],
  ['sysReport'],
  ['questionnaireUser'],
  ['templeInfo'],
  ['ocDevice'],
  ['ocAlarm'],
];

/** The rule of each resource (made once: the rules are platform rows), by resource name. */
async function scopeRules(trx: Trx): Promise<string[]> {
  const ids: string[] = [];
  const now = formatDateTime();
  for (const [name, menuCode] of GRID_RESOURCES) {
    const def = resources.find((d) => d.name === name);
    if (!def) throw new Error(`demo grid scopes: no definition ${name}`);
    const community = def.fields.find((f) => f.name === 'communityId');
    const column = def.dataScope?.deptColumn ?? (community ? columnOf(community) : 'community_id');
    const existing = await trx
      .selectFrom('blade_scope_data')
      .select('id')
      .where('resource_code', '=', name)
      .where('scope_name', '=', SCOPE_NAME)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (existing) {
      ids.push(String(existing.id));
      continue;
    }
    const menu = await trx
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', menuCode ?? def.permission)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    const id = nextId();
    await trx
      .insertInto('blade_scope_data')
      .values({
        id,
        menu_id: menu.id,
        resource_code: name,
        scope_name: SCOPE_NAME,
        scope_field: '*',
        scope_class: name,
        scope_column: column,
        scope_type: OWN_DEPT_AND_BELOW,
        remark: `网格员只看本社区的${def.label.zh}`,
        create_time: now,
        update_time: now,
      })
      .execute();
    ids.push(id);
  }
  return ids;
}

export async function seedGridScopes({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  const scopeIds = await scopeRules(trx);
  for (const tenantId of tenantIds) {
    const grid = await trx
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('role_alias', '=', 'grid')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!grid) continue;
    const granted = new Set(
      (
        await trx.selectFrom('blade_role_scope').select('scope_id').where('role_id', '=', grid.id).execute()
      ).map((r) => String(r.scope_id)),
    );
    const missing = scopeIds.filter((id) => !granted.has(id));
    if (missing.length)
      await trx
        .insertInto('blade_role_scope')
        .values(
          missing.map((scopeId) => ({
            id: nextId(),
            tenant_id: tenantId,
            role_id: grid.id,
            scope_id: scopeId,
            scope_category: 1,
          })),
        )
        .execute();
  }
}
