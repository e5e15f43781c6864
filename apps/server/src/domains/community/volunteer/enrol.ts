/** 报名人员 hooks: an enrolment takes a place of an activity open for enrolment (its `enrollNum` counts
 * the successful ones and never passes `needNum`, under the activity's row lock), snapshots the
 * volunteer's name, phone, sex and age, and gives the place back when it is removed. */
import type { HookArgs, ResourceHooks } from '../../../engine/crud/hooks.js';
import type { Trx } from '../../../db/database.js';
import { badRequest } from '../../../http/envelope.js';
import { formatDateTime } from '../../../util/datetime.js';

const ENROLLING = 1;
const ENROLLED = 1;

async function lockActivity(trx: Trx, tenantId: string, id: unknown) {
  const activity = await trx
    .selectFrom('app_micro_volunteer')
    .select(['id', 'activity_status', 'enroll_num', 'need_num', 'settle_status'])
    .where('id', '=', String(id))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .forUpdate()
    .executeTakeFirst();
  if (!activity) throw badRequest('活动不存在');
  return activity;
}

const ageOf = (birthday: unknown): number | null => {
  if (!birthday) return null;
  const born = new Date(String(birthday).replace(' ', 'T'));
  if (Number.isNaN(born.getTime())) return null;
  const now = new Date();
  let age = now.getFullYear() - born.getFullYear();
  if (now < new Date(now.getFullYear(), born.getMonth(), born.getDate())) age -= 1;
  return age;
};

async function enrol({ trx, user }: HookArgs, values: Record<string, unknown>): Promise<void> {
  const activity = await lockActivity(trx, user.tenantId, values.activity_id);
  if (Number(activity.activity_status) !== ENROLLING) throw badRequest('该活动不在报名中');
  if (Number(activity.enroll_num) >= Number(activity.need_num)) throw badRequest('报名人数已满');
  const twice = await trx
    .selectFrom('app_micro_volunteer_user')
    .select('id')
    .where('activity_id', '=', String(values.activity_id))
    .where('app_user_id', '=', String(values.app_user_id))
    .where('enroll_status', 'in', [0, ENROLLED])
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (twice) throw badRequest('该用户已报名此活动');
  const person = await trx
    .selectFrom('blade_user')
    .select(['real_name', 'name', 'phone', 'sex', 'birthday'])
    .where('id', '=', String(values.app_user_id))
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!person) throw badRequest('志愿者不存在');
  Object.assign(values, {
    name: person.real_name ?? person.name ?? '',
    phone: person.phone ?? null,
    sex: person.sex ?? null,
    age: ageOf(person.birthday),
    enroll_time: formatDateTime(),
    enroll_status: ENROLLED,
    settle_status: 0,
  });
  await trx
    .updateTable('app_micro_volunteer')
    .set((eb) => ({ enroll_num: eb('enroll_num', '+', 1) }))
    .where('id', '=', activity.id as string)
    .execute();
}

export const enrolmentHooks: ResourceHooks = {
  async beforeWrite(args, values, existing) {
    if (!existing) return enrol(args, values);
    // an enrolment stays with its activity and volunteer
    if (values.activity_id !== undefined && String(values.activity_id) !== String(existing.activity_id))
      throw badRequest('报名记录不能改换活动');
    if (values.app_user_id !== undefined && String(values.app_user_id) !== String(existing.app_user_id))
      throw badRequest('报名记录不能改换志愿者');
  },
  async beforeRemove({ trx, user }, ids) {
    const rows = await trx
      .selectFrom('app_micro_volunteer_user')
      .select(['activity_id', 'settle_status'])
      .where('id', 'in', ids)
      .where('enroll_status', '=', ENROLLED)
      .where('is_deleted', '=', 0)
      .execute();
    if (rows.some((r) => Number(r.settle_status) === 1)) throw badRequest('已结算的报名记录不能删除');
    for (const r of rows) {
      await lockActivity(trx, user.tenantId, r.activity_id);
      await trx
        .updateTable('app_micro_volunteer')
        .set((eb) => ({ enroll_num: eb('enroll_num', '-', 1) }))
        .where('id', '=', String(r.activity_id))
        .where('enroll_num', '>', 0)
        .execute();
    }
  },
};
