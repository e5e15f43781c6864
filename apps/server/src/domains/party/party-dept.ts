/** 党组织管理: the organisation tree keeps `ancestors` (`0,<root>,...,<parent>`), answers each node's
 * member count over its subtree, and keeps a node with members (the engine keeps one with children). */
import { isId, partyArchiveResource } from '@tongxin/resources';
import { sql } from 'kysely';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';

const TABLE = 'app_party_dept';

/** The members' table (党员档案), whose `party_dept_id` names their branch. */
const MEMBERS = partyArchiveResource.table;

export const partyDeptHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
    if (parentId === '0') {
      values.ancestors = '0';
      values.parent_id = '0';
    } else {
      if (!isId(parentId)) throw badRequest('上级党组织格式不正确');
      const parent = await trx
        .selectFrom(TABLE)
        .select(['ancestors'])
        .where('id', '=', parentId)
        .where('tenant_id', '=', tenantId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!parent) throw badRequest('上级党组织不存在');
      const ancestors = `${String(parent.ancestors)},${parentId}`;
      if (existing && ancestors.split(',').includes(String(existing.id)))
        throw badRequest('上级党组织不能选择自身或其下级组织');
      values.ancestors = ancestors;
    }
    if (existing && values.ancestors !== existing.ancestors) {
      // a moved node takes its subtree along: rewrite the descendants' ancestor prefix
      const oldPrefix = `${String(existing.ancestors)},${String(existing.id)}`;
      const newPrefix = `${String(values.ancestors)},${String(existing.id)}`;
      await trx
        .updateTable(TABLE)
        .set({ ancestors: sql`${newPrefix} || substr(ancestors, ${oldPrefix.length + 1})` })
        .where('tenant_id', '=', tenantId)
        .where((eb) => eb.or([eb('ancestors', '=', oldPrefix), eb('ancestors', 'like', `${oldPrefix},%`)]))
        .execute();
    }
  },
  // (a node with children: the engine's tree rule refuses it)
  async beforeRemove({ trx }, ids) {
    const member = await trx
      .selectFrom(MEMBERS)
      .select('id')
      .where('party_dept_id', 'in', ids)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (member) throw badRequest('该党组织下还有党员，不能删除');
  },
  async decorate({ trx }, rows) {
    const ids = rows.map((r) => String(r.id)).filter(isId);
    if (!ids.length) return;
    // members of the node and of every node below it (ancestors holds the path)
    const counts = (
      await sql<{ id: string; n: string | number }>`
      select d.id, count(m.id) as n
        from ${sql.table(TABLE)} d
        join ${sql.table(TABLE)} s
          on s.is_deleted = 0 and s.tenant_id = d.tenant_id
         and (s.id = d.id or (',' || s.ancestors || ',') like ('%,' || d.id || ',%'))
        join ${sql.table(MEMBERS)} m on m.party_dept_id = s.id and m.is_deleted = 0
       where d.id in (${sql.join(ids)})
       group by d.id`.execute(trx)
    ).rows;
    const byId = new Map(counts.map((c) => [String(c.id), Number(c.n)]));
    for (const r of rows) r.memberCount = byId.get(String(r.id)) ?? 0;
  },
};
