import { isId } from '@tongxin/resources';
import { requireUser } from '../../../auth/guard.js';
import { validateBody } from '../../../engine/crud/validate.js';
import type { ResourceBehaviour, VerbHandler } from '../../../engine/module.js';
import { badRequest, done } from '../../../http/envelope.js';

const MAX_ROWS = 500;

/** submit-list: a model's prototype rows in one call (a row with an id is updated, one without added),
 * all or nothing. */
const submitList: VerbHandler = {
  access: { perm: ['model_add', 'model_edit'] },
  async handle(request, engine) {
    const user = requireUser(request);
    const rows = request.body;
    if (!Array.isArray(rows) || !rows.length) throw badRequest('请提交模型原型');
    if (rows.length > MAX_ROWS) throw badRequest(`一次最多提交${MAX_ROWS}条`);
    const bodies = rows.map((r: unknown) => {
      if (!r || typeof r !== 'object' || Array.isArray(r)) throw badRequest('请求体格式错误');
      return r as Record<string, unknown>;
    });
    await engine.run(user, async (trx, base) => {
      for (const body of bodies) {
        const id = body.id === undefined || body.id === null || body.id === '' ? undefined : String(body.id);
        if (id && !isId(id)) throw badRequest('主键格式不正确');
        const values = validateBody(engine.def, body, !id);
        if (id) await engine.update(trx, base, user, id, values, body);
        else await engine.insert(trx, user, values, body);
      }
    });
    return done('操作成功');
  },
};

/** (select?modelId is the generic picker; a model's rows in order: list?modelId=…&ascs=sort.) */
export const modelPrototypeBehaviour: ResourceBehaviour = { verbs: { 'submit-list': submitList } };
