import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeLogs } from '../src/logs/retention.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, tokenRequest, type TestServer } from './harness.js';

// 接口/错误/登录日志 and 操作审计, written asynchronously in batches; retention by a parameter.
let s: TestServer;
let admin: string;

beforeAll(async () => {
  s = await startTestServer({}, undefined, (app) => {
    app.get('/api/test-fail', { config: { access: { token: true } } }, async () => {
      throw new Error('boom at test');
    });
  });
  admin = await login(s.app);
});
afterAll(() => s.close());

const records = async (token: string, url: string) => {
  await s.ctx.logs.flush();
  const res = await call(s.app, token, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.records as Record<string, unknown>[];
};

describe('logs', () => {
  it('writes the API log after the answer, with the route, duration and no secret', async () => {
    const res = await call(
      s.app,
      admin,
      'GET',
      '/api/blade-system/param/list?paramName=x&blade-auth=secrettoken',
    );
    expect(res.statusCode).toBe(200);
    const rows = await records(admin, '/api/blade-log/api/list?requestUri_like=param/list&size=50');
    const row = rows.find((r) => String(r.params).includes('paramName=x'));
    expect(row).toMatchObject({
      method: 'GET',
      requestUri: '/api/blade-system/param/list',
      createBy: 'admin',
      type: '1',
    });
    expect(String(row!.params)).not.toContain('secrettoken');
    expect(Number(row!.time)).toBeGreaterThanOrEqual(0);
    const detail = await call(s.app, admin, 'GET', `/api/blade-log/api/detail?id=${String(row!.id)}`);
    expect(detail.json().data.title).toContain('/api/blade-system/param/list');
  });

  it('writes unexpected failures into the error log, and the date range filters them', async () => {
    expect((await call(s.app, admin, 'GET', '/api/test-fail')).statusCode).toBe(500);
    const rows = await records(admin, '/api/blade-log/error/list?requestUri_like=test-fail');
    expect(rows[0]).toMatchObject({ exceptionName: 'Error', message: 'boom at test', method: 'GET' });
    const detail = (
      await call(s.app, admin, 'GET', `/api/blade-log/error/detail?id=${String(rows[0]!.id)}`)
    ).json().data;
    expect(detail.stackTrace).toContain('boom at test');
    const none = await records(
      admin,
      '/api/blade-log/error/list?requestUri_like=test-fail&createTime_datelt=2000-01-01 00:00:00',
    );
    expect(none).toEqual([]);
  });

  it('stores the uploaded client logs in the error log', async () => {
    const res = await call(s.app, admin, 'POST', '/api/blade-auth/oauth/logout', [
      { type: 'error', message: '前端异常', stack: 'at x', url: '/wel/index' },
    ]);
    expect(res.json().msg).toBe('发送成功!');
    const rows = await records(admin, '/api/blade-log/error/list?serviceId=web-client');
    expect(rows.map((r) => r.message)).toContain('前端异常');
  });

  it('notes every sign-in attempt in the login log', async () => {
    await tokenRequest(s.app, { account: 'admin', password: 'wrong' });
    await login(s.app);
    const rows = await records(admin, '/api/blade-log/login/list?account=admin&size=50');
    expect(rows.some((r) => r.success === 0 && String(r.message).length > 0)).toBe(true);
    expect(rows.some((r) => r.success === 1 && r.message === '登录成功')).toBe(true);
    const failed = await records(admin, '/api/blade-log/login/list?account=admin&success=0');
    expect(failed.every((r) => r.success === 0)).toBe(true);
  });

  it('audits every engine write with who, which record and the values before and after', async () => {
    const saved = await call(s.app, admin, 'POST', '/api/blade-system/param/submit', {
      paramName: '审计参数',
      paramKey: 'audit.test',
      paramValue: 'a',
    });
    const id = saved.json().data.id as string;
    const detail = (await call(s.app, admin, 'GET', `/api/blade-system/param/detail?id=${id}`)).json().data;
    await call(s.app, admin, 'POST', '/api/blade-system/param/submit', { ...detail, paramValue: 'b' });
    await call(s.app, admin, 'POST', `/api/blade-system/param/remove?ids=${id}`);
    const rows = await records(admin, `/api/blade-log/audit/list?recordId=${id}&ascs=createTime`);
    expect(rows.map((r) => r.action).sort()).toEqual(['insert', 'remove', 'update']);
    const update = rows.find((r) => r.action === 'update')!;
    expect(update).toMatchObject({ resourceName: 'param', tableName: 'blade_param', createBy: 'admin' });
    const full = (
      await call(s.app, admin, 'GET', `/api/blade-log/audit/detail?id=${String(update.id)}`)
    ).json().data;
    expect(JSON.parse(full.beforeData).param_value).toBe('a');
    expect(JSON.parse(full.afterData).param_value).toBe('b');
  });

  it('leaves secrets out of the audit and nothing of a write that failed', async () => {
    const saved = await call(s.app, admin, 'POST', '/api/blade-system/client/submit', {
      clientId: 'audit-client',
      clientSecret: 'very-secret-value-123',
      scope: 'all',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = saved.json().data.id as string;
    const rows = await records(admin, `/api/blade-log/audit/list?recordId=${id}`);
    expect(rows).toHaveLength(1);
    const full = (
      await call(s.app, admin, 'GET', `/api/blade-log/audit/detail?id=${String(rows[0]!.id)}`)
    ).json().data;
    expect(full.afterData).not.toContain('very-secret-value-123');
    expect(full.afterData).not.toContain('client_secret');
    // a duplicate key is refused: no audit row
    const dup = await call(s.app, admin, 'POST', '/api/blade-system/client/submit', {
      clientId: 'audit-client',
      clientSecret: 'other-secret-value-456',
      scope: 'all',
      authorizedGrantTypes: 'password',
      accessTokenValidity: 3600,
      refreshTokenValidity: 7200,
    });
    expect(dup.statusCode).toBe(400);
    const clients = await records(admin, '/api/blade-log/audit/list?resourceName=client&size=100');
    expect(clients).toHaveLength(1);
  });

  it("shows a tenant only its own logs; the platform administrator every tenant's", async () => {
    const menus = ['log_api', 'log_api_view'];
    await addTenantWithUser(s.db, { tenantId: '300001', account: 'logreader', menuCodes: menus });
    const other = await login(s.app, { tenantId: '300001', account: 'logreader', password: 'secret' });
    await call(s.app, other, 'GET', '/api/blade-log/api/list');
    const own = await records(other, '/api/blade-log/api/list?size=500');
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.tenantId === '300001')).toBe(true);
    const all = await records(admin, '/api/blade-log/api/list?tenantId=300001');
    expect(all.length).toBeGreaterThan(0);
  });

  it('deletes rows older than the retention parameter', async () => {
    await s.db.tx({ tenantId: '000000' }, (trx) =>
      trx
        .insertInto('blade_log_usual')
        .values({ id: '1', tenant_id: '000000', log_id: 'old', create_time: '2001-01-01 00:00:00' })
        .execute(),
    );
    await s.db.kysely
      .updateTable('blade_param')
      .set({ param_value: '30' })
      .where('param_key', '=', 'log.retentionDays')
      .execute();
    expect(await purgeLogs(s.ctx)).toBeGreaterThanOrEqual(1);
    const left = await s.db.kysely.selectFrom('blade_log_usual').select('id').where('id', '=', '1').execute();
    expect(left).toEqual([]);
    // recent rows stay
    expect((await records(admin, '/api/blade-log/api/list')).length).toBeGreaterThan(0);
  });

  it('writes nothing with DB_LOG=false (the bench run with logging off)', async () => {
    const off = await startTestServer({ dbLog: false });
    try {
      const token = await login(off.app);
      await call(off.app, token, 'GET', '/api/blade-system/param/list');
      await off.ctx.logs.flush();
      const rows = await off.db.kysely.selectFrom('blade_log_api').select('id').execute();
      expect(rows).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
