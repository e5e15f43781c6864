import { isId } from '@tongxin/resources';
import { requireUser } from '../../../auth/guard.js';
import type { Row } from '../../../db/database.js';
import type { ResourceBehaviour, VerbHandler } from '../../../engine/module.js';
import { badRequest, notFound, ok } from '../../../http/envelope.js';
import { requestParams } from '../../../http/params.js';
import { withDatasource } from './connect.js';

const idParam = (v: string | undefined, what: string) => {
  if (!v || !isId(v)) throw badRequest(`请选择${what}`);
  return v;
};
const view = { perm: ['model_view', 'model_add', 'model_edit', 'code_view', 'code_add', 'code_edit'] };

/** table-list?datasourceId: the tables of a data source with their comments. */
const tableList: VerbHandler = {
  method: 'GET',
  access: view,
  async handle(request, { ctx }) {
    const id = idParam(requestParams(request).datasourceId, '数据源');
    return ok(await withDatasource(ctx, id, (source) => source.listTables()));
  },
};

/** table-info?datasourceId&tableName: one table's columns. */
const tableInfoVerb: VerbHandler = {
  method: 'GET',
  access: view,
  async handle(request, { ctx }) {
    const p = requestParams(request);
    const id = idParam(p.datasourceId, '数据源');
    const table = await withDatasource(ctx, id, (source) => source.tableInfo(String(p.tableName ?? '')));
    if (!table) throw notFound('数据表不存在');
    return ok(table);
  },
};

/** model-prototype?modelId: the columns of the model's table (its prototype). */
const modelPrototype: VerbHandler = {
  method: 'GET',
  access: view,
  async handle(request, engine) {
    const user = requireUser(request);
    const id = idParam(requestParams(request).modelId, '数据模型');
    const model = (await engine.run(user, async (_trx, base) =>
      (await base()).selectAll().where('id', '=', id).executeTakeFirst(),
    )) as Row | undefined;
    if (!model) throw notFound();
    const table = await withDatasource(engine.ctx, String(model.datasource_id), (source) =>
      source.tableInfo(String(model.model_table)),
    );
    if (!table) throw badRequest(`数据表「${String(model.model_table)}」不存在`);
    return ok(table.columns);
  },
};

export const modelBehaviour: ResourceBehaviour = {
  verbs: { 'table-list': tableList, 'table-info': tableInfoVerb, 'model-prototype': modelPrototype },
};
