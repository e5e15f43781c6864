/** 资料审核 (domain model §2.3): a resident asks to change their profile (the app's `submit`: the
 * fields they change, recorded with what they were); the UserUpdateLog process decides it, from the
 * review screen's 通过 / 驳回, and passing writes the new values to the account in the same transaction. */
import { isId } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { ApprovalHandler } from '../../engine/approval/move-record.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceBehaviour, VerbHandler } from '../../engine/module.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { callIds } from './rows.js';
import { decideRows } from './task-deal.js';

/** What a resident may change: wire name → account column, with its label. */
const CHANGEABLE: Record<string, { column: string; label: string; max: number }> = {
  realName: { column: 'real_name', label: '姓名', max: 20 },
  name: { column: 'name', label: '昵称', max: 20 },
  phone: { column: 'phone', label: '手机号', max: 45 },
  email: { column: 'email', label: '邮箱', max: 45 },
  avatar: { column: 'avatar', label: '头像', max: 2000 },
  sex: { column: 'sex', label: '性别', max: 1 },
  communityId: { column: 'dept_id', label: '所属社区', max: 19 },
};

/** audit_status of a request waiting for review. */
const WAITING = 0;

/** user_change_type of a change: 所属社区 3, 实名信息 2 (name), else 基本信息 1. */
const changeTypeOf = (fields: string[]) =>
  fields.includes('communityId') ? 3 : fields.includes('realName') ? 2 : 1;

function readChanges(body: Record<string, unknown>): Record<string, string> {
  const after = (body.after && typeof body.after === 'object' ? body.after : body) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const [key, spec] of Object.entries(CHANGEABLE)) {
    const v = after[key];
    if (v === undefined || v === null) continue;
    const text = String(v).trim();
    if ([...text].length > spec.max) throw badRequest(`${spec.label}长度不能超过${spec.max}个字符`);
    out[key] = text;
  }
  if (key(out, 'phone') && !/^1[3-9]\d{9}$/.test(out.phone!)) throw badRequest('手机号码格式不正确');
  if (key(out, 'communityId') && !/^\d{1,19}$/.test(out.communityId!)) throw badRequest('所属社区不正确');
  return out;
}
const key = (o: Record<string, string>, k: string) => Object.prototype.hasOwnProperty.call(o, k);

async function accountOf(trx: Trx, user: AuthUser): Promise<Row> {
  const row = await trx.selectFrom('blade_user').selectAll().where('id', '=', user.userId).executeTakeFirst();
  if (!row) throw badRequest('用户不存在');
  return row;
}

/** The columns of a request for `changes`: the fields that differ from the account, with what they
 * were; refused when nothing changes or the community is not the tenant's. */
async function requestValues(trx: Trx, user: AuthUser, changes: Record<string, string>) {
  const account = await accountOf(trx, user);
  const fields = Object.keys(changes).filter(
    (k) => String(account[CHANGEABLE[k]!.column] ?? '') !== changes[k],
  );
  if (!fields.length) throw badRequest('资料没有变化');
  if (fields.includes('communityId')) {
    const dept = await trx
      .selectFrom('blade_dept')
      .select('id')
      .where('id', '=', changes.communityId!)
      .where('tenant_id', '=', user.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!dept) throw badRequest('所属社区不存在');
  }
  const before = Object.fromEntries(fields.map((f) => [f, account[CHANGEABLE[f]!.column] ?? null]));
  const after = Object.fromEntries(fields.map((f) => [f, changes[f]]));
  const summary = fields
    .map((f) => `${CHANGEABLE[f]!.label}: ${String(before[f] ?? '')} → ${after[f]}`)
    .join('\n');
  return {
    change_type: changeTypeOf(fields),
    changed_fields: fields.join(','),
    change_summary: summary,
    before_json: JSON.stringify(before),
    after_json: JSON.stringify(after),
  };
}

/** The request `submit` amends (the wire's submit with an id, spec §7): the caller's own, still waiting
 * for review; another's reads as missing. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ownWaitingRequest(base: () => Promise<any>, user: AuthUser, id: string): Promise<void> {
  const row = (await (
    await base()
  )
    .select(['id', 'audit_status'])
    .where('id', '=', id)
    .where('app_user_id', '=', user.userId)
    .executeTakeFirst()) as Row | undefined;
  if (!row) throw notFound('资料变更申请不存在');
  if (Number(row.audit_status) !== WAITING) throw badRequest('该申请已审核，不能修改');
}

/** The app's `submit`: a new request, or with `id` the caller's waiting request amended (its changes
 * replaced, its review task unchanged). */
const submit: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const given = body.id === undefined || body.id === null || body.id === '' ? undefined : String(body.id);
    if (given !== undefined && !isId(given)) throw badRequest('主键格式不正确');
    const changes = readChanges(body);
    const id = await engine.run(user, async (trx, base) => {
      if (given) await ownWaitingRequest(base, user, given);
      const values = await requestValues(trx, user, changes);
      if (given) {
        await engine.update(trx, base, user, given, values, body);
        return given;
      }
      const extra = {
        app_user_id: user.userId,
        need_audit: 1,
        client_ip: request.ip.slice(0, 64),
        client_type: 4,
      };
      return engine.insert(trx, user, { ...values, ...extra }, {});
    });
    return ok({ id }, '提交成功');
  },
};

const decide = (pass: boolean): VerbHandler => ({
  access: { perm: 'sys_user_audit_audit' },
  async handle(request, engine) {
    const user = requireUser(request);
    const comment = (requestParams(request).comment ?? '').trim();
    if (!pass && !comment) throw badRequest('请输入驳回理由');
    await decideRows(engine, user, callIds(request), {
      pass,
      comment: comment || '同意',
      open: (row) => Number(row.audit_status) === 0,
      closed: '该申请已审核',
      noTask: '该申请没有待审核的流程任务',
    });
    return done(pass ? '审核通过' : '已驳回');
  },
});

/** Passing writes the requested values to the account (same transaction as the task). */
const approval: ApprovalHandler = {
  async onStep(step) {
    if (step.outcome !== 'approve') return;
    const log = await step.trx
      .selectFrom('blade_update_user_log')
      .select(['app_user_id', 'after_json'])
      .where('id', '=', step.businessId)
      .executeTakeFirst();
    if (!log) return;
    const after = JSON.parse(String(log.after_json ?? '{}')) as Record<string, string>;
    const set: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(after)) if (CHANGEABLE[k]) set[CHANGEABLE[k].column] = v;
    if (Object.keys(set).length)
      await step.trx
        .updateTable('blade_user')
        .set(set)
        .where('id', '=', String(log.app_user_id))
        .where('tenant_id', '=', step.actor.tenantId)
        .execute();
  },
};

/** A request is removed (the standard remove) once it was decided; a waiting one is decided, not
 * deleted (its review task would be left without its record). */
const hooks: ResourceHooks = {
  async beforeRemove({ trx }, ids) {
    const waiting = await trx
      .selectFrom('blade_update_user_log')
      .select('id')
      .where('id', 'in', ids)
      .where('audit_status', '=', WAITING)
      .executeTakeFirst();
    if (waiting) throw badRequest('待审核的资料变更申请不能删除,请先审核');
  },
};

export const userUpdateLogBehaviour: ResourceBehaviour = {
  verbs: { submit, pass: decide(true), reject: decide(false) },
  approval,
  hooks,
};
