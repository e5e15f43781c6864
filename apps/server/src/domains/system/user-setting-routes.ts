import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard.js';
import type { AppContext } from '../../context.js';
import { nextId } from '../../db/ids.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';

const KEY = /^[A-Za-z0-9_.:/-]{1,128}$/;
const MAX_VALUE = 20_000;

/** Per-user UI settings (a screen's column choices and the like), stored on the server so they follow
 * the user between browsers. Each user reads and writes only their own. */
export function userSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const base = '/api/blade-system/user-setting';
  const keyOf = (raw: unknown) => {
    if (typeof raw !== 'string' || !KEY.test(raw)) throw badRequest('设置项名称格式不正确');
    return raw;
  };

  app.get(`${base}/detail`, { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const key = keyOf((request.query as Record<string, unknown>).key);
    const row = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .selectFrom('blade_user_setting')
        .select(['setting_value', 'update_time'])
        .where('tenant_id', '=', user.tenantId)
        .where('user_id', '=', user.userId)
        .where('setting_key', '=', key)
        .executeTakeFirst(),
    );
    return ok(row ? { key, value: row.setting_value, updateTime: row.update_time } : null);
  });

  app.post(`${base}/submit`, { config: { access: { token: true } } }, async (request) => {
    const user = requireUser(request);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = keyOf(body.key);
    const value =
      body.value === null || body.value === undefined
        ? null
        : typeof body.value === 'string'
          ? body.value
          : JSON.stringify(body.value);
    if (value !== null && value.length > MAX_VALUE) throw badRequest('设置内容过长');
    await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .insertInto('blade_user_setting')
        .values({
          id: nextId(),
          tenant_id: user.tenantId,
          user_id: user.userId,
          setting_key: key,
          setting_value: value,
          update_time: formatDateTime(),
        })
        .onConflict((oc) =>
          oc
            .columns(['tenant_id', 'user_id', 'setting_key'])
            .doUpdateSet({ setting_value: value, update_time: formatDateTime() }),
        )
        .execute(),
    );
    return done();
  });
}
