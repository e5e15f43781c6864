import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
const A = '100001';
const B = '100002';

beforeAll(async () => {
  s = await startTestServer();
  await addTenantWithUser(s.db, { tenantId: A, account: 'a_admin', menuCodes: ['param', 'param_view'] });
  await addTenantWithUser(s.db, { tenantId: B, account: 'b_admin', menuCodes: ['param'] });
  for (const [tenant, value] of [
    [A, '甲社区物业'],
    [B, '乙社区物业'],
  ] as const) {
    const header = nextId();
    await s.db.kysely
      .insertInto('blade_dict_biz')
      .values({
        id: header,
        tenant_id: tenant,
        parent_id: 0,
        code: 'area_type',
        dict_key: '-1',
        dict_value: '区域',
      })
      .execute();
    await s.db.kysely
      .insertInto('blade_dict_biz')
      .values({
        id: nextId(),
        tenant_id: tenant,
        parent_id: header,
        code: 'area_type',
        dict_key: '1',
        dict_value: value,
      })
      .execute();
  }
});
afterAll(() => s.close());

describe('row-level security on the server connection', () => {
  it('runs requests as the plain application role', async () => {
    const who = await s.ctx.db.tx({ tenantId: A }, (trx) =>
      sql<{ u: string }>`select current_user as u`.execute(trx),
    );
    expect(who.rows[0]!.u).toBe('tongxin_app');
  });

  it('reads nothing of another tenant even when a query forgets its WHERE', async () => {
    const users = await s.ctx.db.tx({ tenantId: A }, (trx) =>
      trx.selectFrom('blade_user').select(['account', 'tenant_id']).execute(),
    );
    expect(users.map((u) => u.account)).toEqual(['a_admin']);
    const roles = await s.ctx.db.tx({ tenantId: B }, (trx) =>
      trx.selectFrom('blade_role').select('tenant_id').execute(),
    );
    expect(new Set(roles.map((r) => r.tenant_id))).toEqual(new Set([B]));
    const all = await s.ctx.db.tx({ tenantId: A, allTenants: true }, (trx) =>
      trx.selectFrom('blade_user').select('tenant_id').execute(),
    );
    expect(new Set(all.map((u) => u.tenant_id))).toEqual(new Set(['000000', A, B]));
  });

  it("the fast read path (the settings in each statement's own trip) reads nothing of another tenant", async () => {
    const read = (tenantId: string) =>
      s.ctx.db.read({ tenantId }, async (trx) => {
        // two statements: each carries the settings, neither falls back to the connection's own role
        const users = await trx.selectFrom('blade_user').select(['account', 'tenant_id']).execute();
        const who = await sql<{ u: string; t: string }>`select current_user as u,
          current_setting(${'app.tenant_id'}) as t`.execute(trx);
        return { users, who: who.rows[0] };
      });
    const a = await read(A);
    expect(a.users.map((u) => u.account)).toEqual(['a_admin']);
    expect(a.who).toEqual({ u: 'tongxin_app', t: A });
    const b = await read(B);
    expect(b.users.map((u) => u.account)).toEqual(['b_admin']);
    // by id: a row of tenant B is invisible to a read of tenant A
    const bUser = await s.ctx.db.read({ tenantId: B }, (trx) =>
      trx.selectFrom('blade_user').select('id').executeTakeFirstOrThrow(),
    );
    const seen = await s.ctx.db.read({ tenantId: A }, (trx) =>
      trx.selectFrom('blade_user').select('id').where('id', '=', bUser.id).execute(),
    );
    expect(seen).toEqual([]);
    // and a read cannot write
    await expect(
      s.ctx.db.read({ tenantId: A }, (trx) =>
        trx.updateTable('blade_user').set({ real_name: 'x' }).where('tenant_id', '=', A).execute(),
      ),
    ).rejects.toThrow(/read-only/);
  });

  it('changes nothing of another tenant through an unfiltered UPDATE or DELETE', async () => {
    await s.ctx.db.tx({ tenantId: A }, (trx) =>
      trx.updateTable('blade_dept').set({ remark: 'touched' }).execute(),
    );
    await s.ctx.db.tx({ tenantId: A }, (trx) =>
      trx.deleteFrom('blade_dict_biz').where('dict_key', '=', 'nothing').execute(),
    );
    const depts = await s.db.kysely.selectFrom('blade_dept').select(['tenant_id', 'remark']).execute();
    for (const d of depts) expect(d.remark === 'touched').toBe(d.tenant_id === A);
  });

  it('refuses to write a row into another tenant and leaves nothing behind', async () => {
    const id = nextId();
    await expect(
      s.ctx.db.tx({ tenantId: A }, (trx) =>
        trx.insertInto('blade_post').values({ id, tenant_id: B, post_name: 'x' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    expect(
      await s.db.kysely.selectFrom('blade_post').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses a tenant id that is not a tenant code', async () => {
    await expect(s.ctx.db.tx({ tenantId: "x'; drop" }, async () => 1)).rejects.toThrow(/Invalid tenant id/);
  });
});

describe('tenant scope over HTTP', () => {
  it('serves each tenant its own business dictionary', async () => {
    const ta = await login(s.app, { tenantId: A, account: 'a_admin', password: 'secret' });
    const tb = await login(s.app, { tenantId: B, account: 'b_admin', password: 'secret' });
    const get = (t: string) => call(s.app, t, 'GET', '/api/blade-system/dict-biz/dictionary?code=area_type');
    expect((await get(ta)).json().data.map((d: { dictValue: string }) => d.dictValue)).toEqual([
      '甲社区物业',
    ]);
    expect((await get(tb)).json().data.map((d: { dictValue: string }) => d.dictValue)).toEqual([
      '乙社区物业',
    ]);
  });

  it('a user of one tenant cannot log in to another with the same account name', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/blade-auth/oauth/token?tenantId=${B}&username=a_admin&password=x&grant_type=password`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'tenant-id': B,
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('the profile call returns the caller only', async () => {
    const ta = await login(s.app, { tenantId: A, account: 'a_admin', password: 'secret' });
    const me = (await call(s.app, ta, 'GET', '/api/blade-user/info')).json().data;
    expect(me).toMatchObject({ account: 'a_admin', tenantId: A });
  });
});

describe('a tenant administrator and platform data', () => {
  it('cannot change shared tables (parameters, menus, dictionaries, clients) even when granted their buttons', async () => {
    const allMenus = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
      String(m.code),
    );
    await addTenantWithUser(s.db, {
      tenantId: '100003',
      account: 'tadmin',
      menuCodes: allMenus,
      alias: 'admin',
    });
    const t = await login(s.app, { tenantId: '100003', account: 'tadmin', password: 'secret' });
    const attempts: [string, unknown][] = [
      // a platform-wide parameter (a tenant's own parameters are its own to write: tenant-params.test.ts)
      ['/api/blade-system/param/submit', { paramName: 'x', paramKey: 'log.retentionDays', paramValue: '1' }],
      ['/api/blade-system/dict/submit', { code: 'sex', dictValue: 'x', sort: 1, isSealed: 0 }],
      ['/api/blade-system/client/submit', { clientId: 'evil', clientSecret: 'x' }],
      ['/api/blade-system/menu/submit', { code: 'evil', name: 'evil' }],
      ['/api/blade-system/tenant/submit', { tenantName: 'x', linkman: 'y' }],
    ];
    for (const [url, body] of attempts) {
      const res = await call(s.app, t, 'POST', url, body);
      expect(res.statusCode, url).toBe(403);
    }
    const menu = (await s.db.kysely
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'param')
      .executeTakeFirst())!;
    expect((await call(s.app, t, 'POST', `/api/blade-system/menu/remove?ids=${menu.id}`)).statusCode).toBe(
      403,
    );
    // Reading shared data is fine.
    expect((await call(s.app, t, 'GET', '/api/blade-system/dict/dictionary?code=sex')).statusCode).toBe(200);
    // Its own users only, never the platform's.
    const users = (await call(s.app, t, 'GET', '/api/blade-user/list?size=500')).json().data.records;
    expect(new Set(users.map((u: { tenantId: string }) => u.tenantId))).toEqual(new Set(['100003']));
  });
});
