/** 问卷调查 (docs/domain-model.md#问卷调查-questionnaire): questions and options change only while the questionnaire
 * is a draft and only within it; publishing checks the design and opens it (未开始 or 进行中 by its start time);
 * the shown state follows the clock (未开始 → 进行中 → 已结束). */
import { requireUser } from '../../auth/guard.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import { callIds, onRows } from './rows.js';

/** questionnaire_status */
export const Q_STATUS = { draft: 0, notStarted: 1, running: 2, ended: 3, stopped: 4 } as const;
/** question_type */
export const Q_TYPE = { single: 1, multiple: 2, text: 3, rating: 4 } as const;

/** The state a questionnaire is in now: a published one moves with its start and end time. */
export function effectiveStatus(
  row: { questionnaire_status?: unknown; start_time?: unknown; end_time?: unknown },
  now = formatDateTime(),
): number {
  const status = Number(row.questionnaire_status);
  if (status !== Q_STATUS.notStarted && status !== Q_STATUS.running) return status;
  if (row.end_time && String(row.end_time) <= now) return Q_STATUS.ended;
  if (row.start_time && String(row.start_time) > now) return Q_STATUS.notStarted;
  return Q_STATUS.running;
}

async function questionnaireOf(trx: Trx, tenantId: string, id: unknown): Promise<Row> {
  const q = await trx
    .selectFrom('app_questionnaire')
    .selectAll()
    .where('id', '=', String(id))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!q) throw badRequest('问卷不存在');
  return q;
}

function assertDraft(q: Row): void {
  if (Number(q.questionnaire_status) !== Q_STATUS.draft) throw badRequest('问卷已发布,题目和选项不能再修改');
}

async function questionOf(trx: Trx, tenantId: string, id: unknown): Promise<Row> {
  const question = await trx
    .selectFrom('app_questionnaire_question')
    .selectAll()
    .where('id', '=', String(id))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!question) throw badRequest('题目不存在');
  return question;
}

async function countQuestions(trx: Trx, questionnaireId: string): Promise<void> {
  const { n } = await trx
    .selectFrom('app_questionnaire_question')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('questionnaire_id', '=', questionnaireId)
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('app_questionnaire')
    .set({ question_num: Number(n) })
    .where('id', '=', questionnaireId)
    .execute();
}

export const questionnaireHooks: ResourceHooks = {
  async beforeWrite(_args, values, existing) {
    const start = values.start_time ?? existing?.start_time;
    const end = values.end_time ?? existing?.end_time;
    if (start && end && String(end) < String(start)) throw badRequest('结束时间不能早于开始时间');
  },
  async decorate(_args, rows) {
    const now = formatDateTime();
    for (const r of rows)
      r.questionnaireStatus = effectiveStatus(
        { questionnaire_status: r.questionnaireStatus, start_time: r.startTime, end_time: r.endTime },
        now,
      );
  },
};

export const questionHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? user.tenantId);
    const target = values.questionnaire_id ?? existing?.questionnaire_id;
    if (existing && String(target) !== String(existing.questionnaire_id))
      throw badRequest('题目不能移到另一份问卷');
    assertDraft(await questionnaireOf(trx, tenantId, target));
  },
  async afterWrite({ trx }, _id, values, isNew) {
    if (isNew) await countQuestions(trx, String(values.questionnaire_id));
  },
  async beforeRemove({ trx, user }, ids) {
    const rows = await trx
      .selectFrom('app_questionnaire_question')
      .select('questionnaire_id')
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) assertDraft(await questionnaireOf(trx, user.tenantId, r.questionnaire_id));
    await trx
      .updateTable('app_questionnaire_option')
      .set({ is_deleted: 1 })
      .where('question_id', 'in', ids)
      .execute();
    await trx
      .updateTable('app_questionnaire_question')
      .set({ is_deleted: 1 })
      .where('id', 'in', ids)
      .execute();
    for (const qid of new Set(rows.map((r) => String(r.questionnaire_id)))) await countQuestions(trx, qid);
  },
};

export const optionHooks: ResourceHooks = {
  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? user.tenantId);
    const question = await questionOf(trx, tenantId, values.question_id ?? existing?.question_id);
    if (existing && String(question.questionnaire_id) !== String(existing.questionnaire_id))
      throw badRequest('选项只能属于本问卷的题目');
    if (![Q_TYPE.single, Q_TYPE.multiple].includes(Number(question.question_type) as 1 | 2))
      throw badRequest('只有单选题和多选题可以设置选项');
    assertDraft(await questionnaireOf(trx, tenantId, question.questionnaire_id));
    values.questionnaire_id = question.questionnaire_id;
  },
  async beforeRemove({ trx, user }, ids) {
    const rows = await trx
      .selectFrom('app_questionnaire_option')
      .select('questionnaire_id')
      .where('id', 'in', ids)
      .execute();
    for (const r of rows) assertDraft(await questionnaireOf(trx, user.tenantId, r.questionnaire_id));
  },
};

/** The design is complete: some questions, and every choice question with two options or more. */
async function assertDesign(trx: Trx, q: Row): Promise<void> {
  const questions = await trx
    .selectFrom('app_questionnaire_question')
    .select(['id', 'question_type', 'sort'])
    .where('questionnaire_id', '=', String(q.id))
    .where('is_deleted', '=', 0)
    .execute();
  if (!questions.length) throw badRequest(`「${String(q.title)}」还没有题目`);
  const options = await trx
    .selectFrom('app_questionnaire_option')
    .select('question_id')
    .where('questionnaire_id', '=', String(q.id))
    .where('is_deleted', '=', 0)
    .execute();
  for (const question of questions) {
    const choice = [Q_TYPE.single, Q_TYPE.multiple].includes(Number(question.question_type) as 1 | 2);
    if (choice && options.filter((o) => String(o.question_id) === String(question.id)).length < 2)
      throw badRequest(`第${String(question.sort)}题至少需要两个选项`);
  }
}

export const publishQuestionnaire: VerbHandler = {
  access: { perm: 'questionnaire_edit' },
  async handle(request, engine) {
    const user = requireUser(request);
    await onRows(engine, user, callIds(request), async (trx, rows) => {
      const now = formatDateTime();
      for (const q of rows) {
        if (Number(q.questionnaire_status) !== Q_STATUS.draft)
          throw badRequest(`「${String(q.title)}」不是草稿`);
        if (String(q.end_time) <= now) throw badRequest(`「${String(q.title)}」的结束时间已过`);
        await assertDesign(trx, q);
        // through the definition's transition: version, 操作审计 (docs/architecture.md#states-and-transitions)
        const name = String(q.start_time) > now ? 'publish' : 'publishStarted';
        await engine.transition(trx, user, String(q.id), name);
      }
    });
    return done('发布成功');
  },
};
