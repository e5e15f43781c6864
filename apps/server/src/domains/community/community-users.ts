/** 社区用户 (/communityuser/userdetail): the residents' accounts (blade_user, userType 2) as BladeX's
 * user controller serves them to this screen: lock2User / unLock2User (ids in the body), the locked list
 * (getLock2UserPage), updateCommunityUser (name, phone, community), and one resident's whole picture
 * (their households, party membership, points, feedback and enrolments). Only residents the caller may
 * see in 用户管理 are touched (the system `user` definition's data scope, through its engine in
 * ctx.resources): another's is answered as missing, nothing written; the parts of one resident's picture
 * keep to the data scope of their own resources. */
import { maskRow, sensitiveFields, userResource } from '@tongxin/resources';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import { revokeUsers } from '../../auth/revoke-users.js';
import type { AuthUser } from '../../auth/tokens.js';
import type { AppContext } from '../../context.js';
import type { Trx } from '../../db/database.js';
import { badRequest, done, notFound, ok } from '../../http/envelope.js';
import { idList, requestParams } from '../../http/params.js';
import { rowToWire } from '../../util/case.js';
import { formatDateTime } from '../../util/datetime.js';

const RESIDENT = 2;
/** A resident's personal data in these answers is masked as the user definition's answers are (the
 * screen reveals it through `blade-user/reveal`). */
const PERSONAL = sensitiveFields(userResource);
const masked = (row: Record<string, unknown>) => {
  const wire = rowToWire(row);
  maskRow(wire, PERSONAL);
  return wire;
};
const STATUS = { locked: 0, normal: 1 } as const;

/** The caller's visible residents: the user definition's rows in their data scope, of user type 2. */
const residents = async (ctx: AppContext, trx: Trx, user: AuthUser) =>
  (await ctx.resources.named('user').visibleQuery(trx, user)).where('user_type', '=', RESIDENT);

/** The resident accounts named by the call, every one the caller may see, else a 400 and nothing
 * written. */
async function residentsOf(ctx: AppContext, trx: Trx, user: AuthUser, ids: string[]): Promise<string[]> {
  if (!ids.length) throw badRequest('请选择至少一条数据');
  const rows = await (
    await residents(ctx, trx, user)
  )
    .select('id')
    .where('id', 'in', ids)
    .forUpdate()
    .execute();
  if (rows.length !== ids.length) throw badRequest('居民账号不存在或不属于本租户');
  return ids;
}

const idsOfCall = (request: FastifyRequest): string[] => {
  const p = requestParams(request);
  const body = (request.body ?? {}) as Record<string, unknown>;
  return idList(body.userIds ?? body.ids ?? p.userIds ?? p.ids, '用户');
};

function setStatus(ctx: AppContext, status: number) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    const ids = idsOfCall(request);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      await residentsOf(ctx, trx, user, ids);
      await trx
        .updateTable('blade_user')
        .set((eb) => ({
          status,
          update_user: user.userId,
          update_time: formatDateTime(),
          version: eb('version', '+', 1),
        }))
        .where('id', 'in', ids)
        .execute();
    });
    if (status === STATUS.locked) await revokeUsers(ctx, ids);
    return done(status === STATUS.locked ? '锁定成功' : '解锁成功');
  };
}

/** A page of the tenant's locked residents (realName / phone narrow it). */
function lockedPage(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    const p = requestParams(request);
    const size = Math.min(Math.max(Number(p.size) || 10, 1), 500);
    const current = Math.max(Number(p.current) || 1, 1);
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      let q = (await residents(ctx, trx, user)).where('status', '=', STATUS.locked);
      if (p.realName) q = q.where('real_name', 'like', `%${p.realName.replace(/[%_\\]/g, '\\$&')}%`);
      if (p.phone) q = q.where('phone', '=', p.phone);
      const { n } = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
      const rows = await q
        .select(['id', 'account', 'real_name', 'phone', 'sex', 'dept_id', 'status', 'update_time'])
        .orderBy('update_time', 'desc')
        .orderBy('id', 'desc')
        .limit(size)
        .offset((current - 1) * size)
        .execute();
      const total = Number(n);
      return ok({ records: rows.map(masked), total, size, current, pages: Math.ceil(total / size) });
    });
  };
}

/** updateCommunityUser: a resident's name, phone and community. */
function updateResident(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const [id] = idList(body.id, '用户');
    if (!id) throw badRequest('缺少必要的请求参数: id');
    const set: Record<string, unknown> = {};
    if (typeof body.realName === 'string') {
      const name = body.realName.trim();
      if (!name || [...name].length > 20) throw badRequest('请输入不超过20个字的姓名');
      set.real_name = name;
    }
    if (typeof body.phone === 'string' && body.phone) {
      if (!/^1[3-9]\d{9}$/.test(body.phone)) throw badRequest('手机号码格式不正确');
      set.phone = body.phone;
    }
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      await residentsOf(ctx, trx, user, [id]);
      if (body.deptId !== undefined && body.deptId !== null && body.deptId !== '') {
        const [dept] = idList(body.deptId, '所属社区');
        // a community the caller may see (the dept definition's scope): a resident is not moved out of it
        const found = await ctx.resources.named('dept').visibleRow(trx, user, dept!);
        if (!found) throw badRequest('所属社区不存在');
        set.dept_id = dept;
      }
      if (!Object.keys(set).length) throw badRequest('没有要修改的内容');
      await trx
        .updateTable('blade_user')
        .set((eb) => ({
          ...set,
          update_user: user.userId,
          update_time: formatDateTime(),
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .execute();
    });
    return done('更新成功');
  };
}

/** One resident with what the community knows of them. */
function residentDetail(ctx: AppContext) {
  return async (request: FastifyRequest) => {
    const user = requireUser(request);
    const [id] = idList(requestParams(request).id, '用户');
    if (!id) throw badRequest('缺少必要的请求参数: id');
    return ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const account = await (
        await residents(ctx, trx, user)
      )
        .select(['id', 'account', 'real_name', 'phone', 'sex', 'dept_id', 'status', 'create_time'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!account) throw notFound('居民账号不存在');
      // each part through its own resource's scope: a household of another community stays unseen
      const live = async (resource: string) =>
        (await ctx.resources.named(resource).visibleQuery(trx, user)).where('app_user_id', '=', id);
      const households = await (
        await live('household')
      )
        .select(['id', 'house_address', 'household_type', 'live_status', 'family_no'])
        .execute();
      // party membership is the party domain's: none when that domain is not served
      const archives = ctx.resources.find('partyArchive');
      const party = archives
        ? await (
            await archives.visibleQuery(trx, user)
          )
            .where('app_user_id', '=', id)
            .select(['id', 'name', 'member_type', 'join_date', 'party_dept_id'])
            .execute()
        : [];
      const points = await (
        await live('scoreFlow')
      )
        .select(['direction', 'score', 'source_title', 'flow_time'])
        .orderBy('flow_time', 'desc')
        .limit(20)
        .execute();
      const sums = await (
        await live('scoreFlow')
      )
        .select(['direction', (eb) => eb.fn.sum<string>('score').as('total')])
        .groupBy('direction')
        .execute();
      const balance = sums.reduce(
        (b, r) => b + (Number(r.direction) === 2 ? -1 : 1) * Number(r.total ?? 0),
        0,
      );
      const feedback = [
        ...(
          await (await live('sysComplain')).select(['id', 'title', 'handle_status', 'create_time']).execute()
        ).map((r) => ({ ...rowToWire(r), kind: 'complain' })),
        ...(
          await (await live('sysAdvice')).select(['id', 'title', 'adopt_status', 'create_time']).execute()
        ).map((r) => ({ ...rowToWire(r), kind: 'advice' })),
        ...(
          await (await live('sysReport')).select(['id', 'title', 'handle_status', 'create_time']).execute()
        ).map((r) => ({ ...rowToWire(r), kind: 'report' })),
      ];
      const enrolments = await (
        await live('microVolunteerUser')
      )
        .select(['id', 'activity_id', 'enroll_status', 'enroll_time', 'service_hours'])
        .orderBy('enroll_time', 'desc')
        .limit(20)
        .execute();
      return ok({
        ...masked(account),
        households: households.map(rowToWire),
        partyArchives: party.map(rowToWire),
        scoreBalance: balance,
        scoreFlows: points.map(rowToWire),
        feedback,
        enrolments: enrolments.map(rowToWire),
      });
    });
  };
}

export function communityUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/api/blade-user';
  app.post(
    `${base}/lock2User`,
    { config: { access: { perm: 'community_user_lock' } } },
    setStatus(ctx, STATUS.locked),
  );
  app.post(
    `${base}/unLock2User`,
    { config: { access: { perm: 'community_user_unlock' } } },
    setStatus(ctx, STATUS.normal),
  );
  app.get(
    `${base}/getLock2UserPage`,
    { config: { access: { perm: 'community_user_view' } } },
    lockedPage(ctx),
  );
  app.post(
    `${base}/updateCommunityUser`,
    { config: { access: { perm: 'community_user_lock' } } },
    updateResident(ctx),
  );
  app.get(
    `${base}/community-detail`,
    { config: { access: { perm: 'community_user_view' } } },
    residentDetail(ctx),
  );
}
