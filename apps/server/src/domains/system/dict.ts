import { isId } from '@tongxin/resources';
import type { HookArgs, ResourceHooks } from '../../engine/crud/hooks.js';
import { badRequest } from '../../http/envelope.js';

/** One table, two levels: a header row per dictionary (parentId 0, dictKey -1) and its items, which take
 * the header's code. (code, dictKey) is unique among live items. Every change drops the cached code. */
export function dictHooks(table: 'blade_dict' | 'blade_dict_biz'): ResourceHooks {
  const tenantScoped = table === 'blade_dict_biz';
  const invalidate = (args: HookArgs, code: unknown) =>
    args.ctx.dicts.invalidate(code ? String(code) : undefined);
  return {
    views: {
      // BladeX parent-list: the dictionaries (header rows), paged.
      'parent-list': { query: (q) => ({ ...q, parentId_equal: '0' }) },
      // BladeX child-list?parentId: the items of one dictionary as a forest; none without a parent.
      'child-list': {
        forest: true,
        query: ({ parentId, ...q }) => ({
          ...q,
          parentId_equal: typeof parentId === 'string' && isId(parentId) ? parentId : '-1',
        }),
      },
    },
    async beforeWrite(args, values, existing) {
      const { trx, user } = args;
      const parentId = String(values.parent_id ?? existing?.parent_id ?? '0');
      if (parentId === '0') {
        values.dict_key = '-1';
        if (existing && values.code !== undefined && values.code !== existing.code) {
          // Renaming a dictionary renames its items.
          let q = trx
            .updateTable(table)
            .set({ code: values.code })
            .where('code', '=', existing.code as string);
          if (tenantScoped) q = q.where('tenant_id', '=', existing.tenant_id as string);
          await q.execute();
          invalidate(args, existing.code);
        }
      } else {
        if (!isId(parentId)) throw badRequest('请选择上级字典');
        let q = trx.selectFrom(table).select(['code']).where('id', '=', parentId).where('is_deleted', '=', 0);
        if (tenantScoped) q = q.where('tenant_id', '=', user.tenantId);
        const parent = await q.executeTakeFirst();
        if (!parent) throw badRequest('上级字典不存在');
        values.code = parent.code;
        if (values.dict_key === undefined && !existing) throw badRequest('请输入字典键值');
        const key = values.dict_key ?? existing?.dict_key;
        let dup = trx
          .selectFrom(table)
          .select('id')
          .where('code', '=', parent.code as string)
          .where('dict_key', '=', String(key))
          .where('parent_id', '<>', 0)
          .where('is_deleted', '=', 0);
        if (tenantScoped) dup = dup.where('tenant_id', '=', user.tenantId);
        if (existing) dup = dup.where('id', '<>', existing.id as string);
        if (await dup.executeTakeFirst()) throw badRequest('当前字典键值已存在!');
      }
      if (parentId === '0' && !existing) {
        let dup = trx
          .selectFrom(table)
          .select('id')
          .where('code', '=', String(values.code))
          .where('parent_id', '=', 0)
          .where('is_deleted', '=', 0);
        if (tenantScoped) dup = dup.where('tenant_id', '=', user.tenantId);
        if (await dup.executeTakeFirst()) throw badRequest('当前字典编号已存在!');
      }
      invalidate(args, values.code ?? existing?.code);
    },
    async beforeRemove(args, ids) {
      const rows = await args.trx.selectFrom(table).select('code').where('id', 'in', ids).execute();
      for (const r of rows) invalidate(args, r.code);
    },
  };
}
