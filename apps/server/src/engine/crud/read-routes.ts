import { isId, isTenantId, labelFieldOf } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import { badRequest, notFound, ok } from '../../http/envelope.js';
import { selectedIds } from '../../http/params.js';
import { applyFilters, applySorts, page, parseListQuery } from '../../http/list-query.js';
import { forestList } from './forest-list.js';
import { pageTotal, plannedMatches } from './page-total.js';
import { indexLeads, RANGE_FIRST_MAX_ROWS, rangeFirstPage, readsRangeFirst } from './range-page.js';
import type { ResourceEngine } from './resource-engine.js';
import type { ReadAccess } from './read-access.js';

/** A `tenantId` query parameter when it is a tenant code, else the caller's tenant. */
export const tenantParam = (asked: unknown, user: AuthUser): string =>
  isTenantId(asked) ? asked : user.tenantId;

export const queryOf = (r: FastifyRequest) => r.query as Record<string, unknown>;

/** list / page (and the resource's named list views), paged with the allow-listed filters and sorts. */
export function listRoutes(app: FastifyInstance, engine: ResourceEngine, access: ReadAccess): void {
  const { def, ctx } = engine;
  const leads = indexLeads(def);
  const list = async (request: FastifyRequest) => {
    const user = requireUser(request);
    const raw = queryOf(request);
    const q = parseListQuery(raw, await engine.fieldsFor(user), {
      maxSize: ctx.config.maxPageSize,
      extra: engine.hooks.params,
    });
    return engine.read(user, async (trx, base) => {
      let filtered = applyFilters(await base(), q.filters);
      const condition = await engine.listCondition(trx, user, raw);
      if (condition) filtered = filtered.where(condition);
      const sorts = q.sorts.length ? q.sorts : engine.fallbackSort;
      const offset = (q.current - 1) * q.size;
      const rangeFirst =
        readsRangeFirst(leads, q.filters, sorts) &&
        (await plannedMatches(trx, filtered)) <= RANGE_FIRST_MAX_ROWS;
      const rows = rangeFirst
        ? await rangeFirstPage(trx, filtered, engine.selectRows(filtered), sorts, q.size, offset)
        : ((await applySorts(engine.selectRows(filtered), sorts, [])
            .limit(q.size)
            .offset(offset)
            .execute()) as Row[]);
      const { total, exact } = await pageTotal(trx, filtered, q, rows.length, ctx.config.countCap);
      return ok(page(await engine.decorate(trx, user, rows), total, q, exact));
    });
  };
  // Forest resources (roles) answer `list` with the whole tree; `page` stays paged.
  app.get(
    `${def.path}/list`,
    { ...access.view, ...engine.schemas.list('列表', Boolean(def.tree?.forest)) },
    def.tree?.forest ? (request) => forestList(engine, request) : list,
  );
  app.get(`${def.path}/page`, { ...access.view, ...engine.schemas.list('分页', false) }, list);
  // Named lists of the resource (`app-page`, `parent-list`, `child-list`; hooks.ts ListView).
  for (const [verb, listView] of Object.entries(engine.hooks.views ?? {})) {
    const forest = Boolean(listView.forest && def.tree);
    app.get(`${def.path}/${verb}`, { ...access.view, ...engine.schemas.list(verb, forest) }, (request) => {
      request.query = listView.query(queryOf(request));
      return forest ? forestList(engine, request) : list(request);
    });
  }
}

/** detail?id= (trees keyed by another field, regions by code, also by that key). */
export function detailRoute(app: FastifyInstance, engine: ResourceEngine, access: ReadAccess): void {
  app.get(`${engine.def.path}/detail`, { ...access.view, ...engine.schemas.detail() }, async (request) => {
    const user = requireUser(request);
    const q = queryOf(request);
    const byKey =
      engine.treeKey && engine.treeKey.column !== 'id' && typeof q[engine.treeKey.field] === 'string';
    const id = byKey ? String(q[engine.treeKey!.field]) : q.id;
    if (!byKey && !isId(id)) throw badRequest('缺少必要的请求参数: id');
    return engine.read(user, async (trx, base) => {
      const row = await engine
        .selectRows(await base())
        .where(byKey ? engine.treeKey!.column : 'id', '=', id)
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok((await engine.decorate(trx, user, [row as Row]))[0]);
    });
  });
}

/** Pickers: id and label of every visible row (capped). */
export function selectRoute(app: FastifyInstance, engine: ResourceEngine, access: ReadAccess): void {
  const label = labelFieldOf(engine.def);
  const labelColumn = engine.fields[label]?.column ?? 'id';
  app.get(`${engine.def.path}/select`, { ...access.picker, ...engine.schemas.select() }, async (request) => {
    const user = requireUser(request);
    // Platform-wide resources list the asked tenant's rows (default: the caller's), not every tenant's.
    const tenantId = tenantParam(queryOf(request).tenantId, user);
    // `ids=a,b`: only those rows (a picker naming the labels of saved values)
    const ids = queryOf(request).ids === undefined ? undefined : selectedIds(queryOf(request).ids);
    return engine.read(user, async (_trx, base) => {
      let q = await base();
      if (engine.crossTenant(user) && !ids) q = q.where('tenant_id', '=', tenantId);
      if (ids) q = q.where('id', 'in', ids);
      const rows = (await q
        .select(['id', sql.ref(labelColumn).as('label')])
        .orderBy(sql.ref(labelColumn))
        .limit(1000)
        .execute()) as Row[];
      return ok(rows.map((r) => ({ id: String(r.id), [label]: r.label })));
    });
  });
}
