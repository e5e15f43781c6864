import { resources } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';
import { type TwoCommunities, twoCommunities } from './two-communities.js';

// A write names only records its writer may see: a grid worker of one community (本部门 on households
// and users, every button) files no household record on another community's household and binds no
// other community's resident to a household — refused as the picker would not have them (400
// <label>不存在), nothing written — nor hands a complaint to a user outside their scope; their own
// community's records and people are taken.

const byName = (name: string) => resources.find((d) => d.name === name)!;
const HOUSEHOLD = byName('household');
const RECORD = byName('householdRecord');
let s: TestServer;
let w: TwoCommunities;
let admin: string;
const households: Record<'c1' | 'c2', string> = {} as never;

const writeUrl = (path: string) => `${path}/submit`;

beforeAll(async () => {
  s = await startTestServer();
  w = await twoCommunities(s, ['household', 'user']);
  admin = await login(s.app);
  for (const c of ['c1', 'c2'] as const) {
    const body = { ...(await sampleBody(s.app, admin, HOUSEHOLD)), communityId: w[c] };
    const res = await call(s.app, admin, 'POST', writeUrl(HOUSEHOLD.path), body);
    expect(res.statusCode, res.body).toBe(200);
    households[c] = String(res.json().data.id);
  }
});
afterAll(() => s.close());

const count = async (table: string) =>
  Number(
    (
      await s.db.kysely
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a record naming another community's", () => {
  it('household is not filed', async () => {
    const body = { ...(await sampleBody(s.app, admin, RECORD)), communityId: w.c1 };
    const before = await count(RECORD.table);
    const other = await call(s.app, w.grid.token, 'POST', writeUrl(RECORD.path), {
      ...body,
      householdId: households.c2,
    });
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().msg).toBe('关联住户不存在');
    expect(await count(RECORD.table)).toBe(before);
    const own = await call(s.app, w.grid.token, 'POST', writeUrl(RECORD.path), {
      ...body,
      householdId: households.c1,
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it('resident is not bound to a household, nor is a household moved onto one', async () => {
    const mine = (await call(s.app, admin, 'GET', `${HOUSEHOLD.path}/detail?id=${households.c1}`)).json()
      .data;
    const bind = (appUserId: string) =>
      call(s.app, w.grid.token, 'POST', writeUrl(HOUSEHOLD.path), { ...mine, appUserId });
    const other = await bind(w.residents.c2.userId);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().msg).toBe('绑定账号不存在');
    const stored = await s.db.kysely
      .selectFrom(HOUSEHOLD.table)
      .select(['app_user_id', 'version'])
      .where('id', '=', households.c1)
      .executeTakeFirstOrThrow();
    expect(stored.version).toBe(mine.version);
    const own = await bind(w.residents.c1.userId);
    expect(own.statusCode, own.body).toBe(200);
  });

  it('user is not made the handler of a complaint (转办)', async () => {
    const PATH = '/api/app-sys-complain/syscomplain';
    const filed = await call(s.app, w.residents.c1.token, 'POST', `${PATH}/save`, {
      complainType: 1,
      title: '路灯不亮',
      content: '东门路灯不亮',
    });
    expect(filed.statusCode, filed.body).toBe(200);
    const id = String(filed.json().data.id);
    const assign = (handleUserId: string) =>
      call(s.app, w.grid.token, 'POST', `${PATH}/assign?ids=${id}&handleUserId=${handleUserId}`);
    const other = await assign(w.residents.c2.userId);
    expect(other.statusCode, other.body).toBe(400);
    expect(other.json().msg).toBe('承办人不存在或不属于本租户');
    const stored = await s.db.kysely
      .selectFrom('app_sys_complain')
      .select('handle_user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.handle_user_id).toBeNull();
    expect((await assign(w.grid.userId)).statusCode).toBe(200);
  });
});
