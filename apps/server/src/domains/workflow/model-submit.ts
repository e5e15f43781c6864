import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import type { Row, Trx } from '../../db/database.js';
import { nextId } from '../../db/ids.js';
import { idParam, textParam, userNames } from '../../flow/wire.js';
import { badRequest, forbidden, notFound, ok } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { flowModel } from './model-wire.js';
import { BLADE_FLOW, token } from './route-options.js';

interface ModelInput {
  name: string;
  modelKey: string;
  xml: string;
  description: string | null;
  category: string | null;
}

/** The designer's model from a submit body, checked. */
function modelInput(body: Record<string, unknown>): ModelInput {
  const name = textParam(body.name);
  const modelKey = textParam(body.modelKey, 64);
  const xml =
    typeof body.modelEditorXml === 'string'
      ? body.modelEditorXml
      : typeof body.xml === 'string'
        ? body.xml
        : '';
  if (!name) throw badRequest('请输入模型名称');
  if (!modelKey || !/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(modelKey))
    throw badRequest('模型标识须以字母或下划线开头,只能包含字母、数字、下划线、点和横线');
  if (!xml.trim()) throw badRequest('请设计流程后再保存');
  if (xml.length > 1024 * 1024) throw badRequest('流程文件过大');
  const description = textParam(body.description, 1000) ?? null;
  const category = textParam(body.category, 64) ?? null;
  return { name, modelKey, xml, description, category };
}

/** Updates model `id` (its version raised) or inserts a new one; the key is unique in the tenant.
 * Returns the model's id. */
async function saveModel(trx: Trx, user: AuthUser, id: string | undefined, m: ModelInput): Promise<string> {
  const now = formatDateTime();
  const dup = await trx
    .selectFrom('flow_model')
    .select('id')
    .where('tenant_id', '=', user.tenantId)
    .where('model_key', '=', m.modelKey)
    .where('is_deleted', '=', 0)
    .$if(Boolean(id), (q) => q.where('id', '<>', id!))
    .executeTakeFirst();
  if (dup) throw badRequest('模型标识已存在');
  const fields = {
    name: m.name,
    model_key: m.modelKey,
    description: m.description,
    category: m.category,
    xml: m.xml,
  };
  if (id) {
    const r = await trx
      .updateTable('flow_model')
      .set({ ...fields, version: sql`version + 1`, update_user: user.userId, update_time: now })
      .where('id', '=', id)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!Number(r.numUpdatedRows)) throw notFound();
    return id;
  }
  const modelId = nextId();
  await trx
    .insertInto('flow_model')
    .values({
      id: modelId,
      tenant_id: user.tenantId,
      ...fields,
      version: 1,
      create_user: user.userId,
      create_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .execute();
  return modelId;
}

/** model/submit: adds (flow_model_add) or edits (flow_model_edit, by `id`) a designer model. */
export function modelSubmitRoute(app: FastifyInstance, ctx: AppContext): void {
  app.post(`${BLADE_FLOW}/model/submit`, token, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('请求体格式错误');
    const id = idParam(body.id, 'id', false);
    if (!(await ctx.permissions.has(user, id ? 'flow_model_edit' : 'flow_model_add'))) throw forbidden();
    const input = modelInput(body);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const modelId = await saveModel(trx, user, id, input);
      const row = await trx
        .selectFrom('flow_model')
        .selectAll()
        .where('id', '=', modelId)
        .executeTakeFirstOrThrow();
      return ok(
        flowModel(row as Row, await userNames(trx, [row.create_user]), true),
        id ? '更新成功' : '新增成功',
      );
    });
  });
}
