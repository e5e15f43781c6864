import { columnOf, labelFieldOf } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import { badRequest, ok } from '../../http/envelope.js';
import { applySorts } from '../../http/list-query.js';
import { buildForest, treeNodes } from '../../util/tree.js';
import { queryOf, tenantParam } from './read-routes.js';
import type { ResourceEngine } from './resource-engine.js';
import type { ReadAccess } from './read-access.js';

/** tree / lazy-tree (pickers) and lazy-list (the screen) of a tree resource. */
export function treeRoutes(app: FastifyInstance, engine: ResourceEngine, access: ReadAccess): void {
  const { def } = engine;
  const tree = def.tree!;
  const parentField = def.fields.find((f) => f.name === tree.parentField);
  if (!parentField) throw new Error(`${def.name}: tree parent field ${tree.parentField} is not a field`);
  const parentColumn = columnOf(parentField);
  const labelColumn = engine.fields[labelFieldOf(def)]?.column ?? 'id';
  const key = engine.treeKey!;
  const keyOf = (r: Row) => String(r[key.column]);
  const nodes = async (user: AuthUser, parentKey?: string, askedTenant?: unknown) =>
    engine.run(user, async (trx, base) => {
      let q = await base();
      // Platform-wide trees show one tenant at a time: the asked one, else the caller's.
      if (engine.crossTenant(user)) q = q.where('tenant_id', '=', tenantParam(askedTenant, user));
      if (parentKey !== undefined) q = q.where(parentColumn, '=', parentKey);
      const rows = (await applySorts(engine.selectRows(q), [], engine.fallbackSort).execute()) as Row[];
      const parents = new Set<string>();
      if (parentKey !== undefined && rows.length) {
        let c = trx.selectFrom(def.table).select(parentColumn).where(parentColumn, 'in', rows.map(keyOf));
        if (def.softDelete) c = c.where('is_deleted', '=', 0);
        for (const r of (await c.execute()) as Row[]) parents.add(String(r[parentColumn]));
      }
      return { rows, parents, wire: await engine.decorate(trx, user, rows) };
    });
  // The parent arrives as `parentId` (BladeX) or under the parent field's own name (`parentCode`).
  const parentParam = (request: FastifyRequest) => {
    const q = queryOf(request);
    const raw = q.parentId ?? q[tree.parentField];
    if (raw === undefined || raw === '') return key.root;
    if (typeof raw !== 'string' || !/^[0-9A-Za-z_-]{1,64}$/.test(raw)) throw badRequest('上级节点格式不正确');
    return raw;
  };
  const toTree = (r: Row) => ({
    id: keyOf(r),
    parentId: String(r[parentColumn] ?? key.root),
    title: String(r[labelColumn] ?? ''),
    key: keyOf(r),
    value: keyOf(r),
  });
  app.get(
    `${def.path}/tree`,
    { ...access.picker, ...engine.schemas.tree('tree', tree.parentField) },
    async (request) => {
      const { rows } = await nodes(requireUser(request), undefined, queryOf(request).tenantId);
      return ok(treeNodes(buildForest(rows.map(toTree))));
    },
  );
  app.get(
    `${def.path}/lazy-tree`,
    { ...access.picker, ...engine.schemas.tree('lazy-tree', tree.parentField) },
    async (request) => {
      const { rows, parents } = await nodes(
        requireUser(request),
        parentParam(request),
        queryOf(request).tenantId,
      );
      return ok(rows.map((r) => ({ ...toTree(r), hasChildren: parents.has(keyOf(r)) })));
    },
  );
  app.get(
    `${def.path}/lazy-list`,
    { ...access.view, ...engine.schemas.tree('lazy-list', tree.parentField) },
    async (request) => {
      const { rows, wire, parents } = await nodes(
        requireUser(request),
        parentParam(request),
        queryOf(request).tenantId,
      );
      return ok(wire.map((r, i) => ({ ...r, hasChildren: parents.has(keyOf(rows[i]!)) })));
    },
  );
}
