import { requireUser } from '../../../auth/guard.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Row } from '../../../db/database.js';
import type { AppContext } from '../../../context.js';
import type { ResourceEngine } from '../../../engine/crud/resource-engine.js';
import type { ResourceBehaviour, VerbHandler } from '../../../engine/module.js';
import { badRequest, notFound, ok } from '../../../http/envelope.js';
import { requestParams, selectedIds } from '../../../http/params.js';
import { generate, type GeneratedFile } from './codegen.js';
import { withDatasource } from './connect.js';
import { zipFiles } from './zip.js';

/** The artefacts of one 代码生成 row: its model's table read from the model's data source. */
async function artefacts(
  engine: ResourceEngine<AppContext>,
  user: AuthUser,
  id: string,
): Promise<GeneratedFile[]> {
  const code = (await engine.run(user, async (trx, base) => {
    const row = (await (await base()).selectAll().where('id', '=', id).executeTakeFirst()) as Row | undefined;
    if (!row) return undefined;
    const model = await trx
      .selectFrom('blade_model')
      .selectAll()
      .where('id', '=', row.model_id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return { row, model };
  })) as { row: Row; model: Row | undefined } | undefined;
  if (!code) throw notFound();
  if (!code.model) throw badRequest('数据模型不存在');
  const { row, model } = code;
  const table = await withDatasource(engine.ctx, String(model.datasource_id), (source) =>
    source.tableInfo(String(model.model_table)),
  );
  if (!table) throw badRequest(`数据表「${String(model.model_table)}」不存在`);
  return generate(table, {
    codeName: String(row.code_name),
    serviceName: String(row.service_name),
    apiPath: String(row.api_path),
    webPath: String(row.web_path),
    menuCode: String(row.menu_code),
    definitionName: model.model_code ? String(model.model_code) : undefined,
  });
}

/** preview?id: the generated files, shown in the screen. */
const preview: VerbHandler = {
  method: 'GET',
  access: { perm: ['code_view', 'code_gen'] },
  async handle(request, engine) {
    const user = requireUser(request);
    const [id] = selectedIds(requestParams(request).id);
    return ok(await artefacts(engine, user, id!));
  },
};

/** gen-code?ids (&system, which this project's generator does not need): the generated files of every
 * chosen row as one zip download. Nothing is written on the server. */
const genCodeRoute: ResourceBehaviour['routes'] = (app, _ctx, engine) => {
  app.post(
    `${engine.def.path}/gen-code`,
    { config: { access: { perm: 'code_gen' } } },
    async (request, reply) => {
      const user = requireUser(request);
      const ids = selectedIds(requestParams(request).ids, '请选择至少一条数据');
      const files: GeneratedFile[] = [];
      for (const id of ids) files.push(...(await artefacts(engine, user, id)));
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="tongxin-code.zip"`)
        .send(zipFiles(files));
    },
  );
};

/** copy?id: a copy of the row named `<name>-copy`. */
const copy: VerbHandler = {
  access: { perm: 'code_copy' },
  async handle(request, engine) {
    const user = requireUser(request);
    const [id] = selectedIds(requestParams(request).id);
    const row = (await engine.run(user, async (_trx, base) =>
      (await base()).selectAll().where('id', '=', id!).executeTakeFirst(),
    )) as Row | undefined;
    if (!row) throw notFound();
    const body = engine.toWire(row);
    for (const k of [
      'id',
      'version',
      'createTime',
      'updateTime',
      'createUser',
      'updateUser',
      'createDept',
      'status',
      'isDeleted',
    ])
      delete body[k];
    body.codeName = `${String(row.code_name)}-copy`.slice(0, 64);
    const { id: newId } = await engine.write(user, body, 'submit');
    return ok({ id: newId }, '复制成功');
  },
};

export const codeBehaviour: ResourceBehaviour = {
  verbs: { preview, copy },
  routes: genCodeRoute,
};
