import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.js';
import { type TwoCommunities, twoCommunities } from './two-communities.js';

// The residents' accounts (社区用户, blade_user rows of user type 2) keep to the data scope of the
// system `user` definition (dept-based): a grid worker of one community (本部门 on users and depts,
// every button) reads and changes only its residents — not another community's resident's picture
// (name, phone, households), not their lock, not their name, phone or community — answered as the
// missing account it is to them, nothing written. The user screen's batch verbs keep to it too.

const USER = '/api/blade-user';
let s: TestServer;
let w: TwoCommunities;

const account = (id: string) =>
  s.db.kysely.selectFrom('blade_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  s = await startTestServer();
  w = await twoCommunities(s, ['user', 'dept']);
});
afterAll(() => s.close());

const asGrid = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  call(s.app, w.grid.token, method, url, body);

describe("another community's resident", () => {
  it('is not shown by community-detail', async () => {
    const own = await asGrid('GET', `${USER}/community-detail?id=${w.residents.c1.userId}`);
    expect(own.statusCode, own.body).toBe(200);
    // the own community's resident, with the phone masked as everywhere (docs/security.md)
    expect(own.json().data).toMatchObject({ id: w.residents.c1.userId, phone: '139****0000' });
    const other = await asGrid('GET', `${USER}/community-detail?id=${w.residents.c2.userId}`);
    expect(other.statusCode, other.body).toBe(404);
    expect(other.json().msg).toBe('居民账号不存在');
  });

  it('is neither locked nor unlocked, alone or beside an own resident', async () => {
    const theirs = await account(w.residents.c2.userId);
    const mine = await account(w.residents.c1.userId);
    for (const verb of ['lock2User', 'unLock2User'])
      for (const ids of [w.residents.c2.userId, `${w.residents.c1.userId},${w.residents.c2.userId}`]) {
        const res = await asGrid('POST', `${USER}/${verb}`, { userIds: ids });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().msg).toBe('居民账号不存在或不属于本租户');
      }
    expect(await account(w.residents.c2.userId)).toEqual(theirs);
    expect(await account(w.residents.c1.userId)).toEqual(mine);
    // the own community's resident: locked, listed as locked, unlocked
    expect((await asGrid('POST', `${USER}/lock2User`, { userIds: w.residents.c1.userId })).statusCode).toBe(
      200,
    );
    const locked = (await asGrid('GET', `${USER}/getLock2UserPage`)).json().data.records;
    expect(locked.map((r: { id: string }) => r.id)).toEqual([w.residents.c1.userId]);
    expect((await asGrid('POST', `${USER}/unLock2User`, { userIds: w.residents.c1.userId })).statusCode).toBe(
      200,
    );
  });

  it('keeps their name, phone and community; an own resident is not moved out of scope', async () => {
    const theirs = await account(w.residents.c2.userId);
    const changed = await asGrid('POST', `${USER}/updateCommunityUser`, {
      id: w.residents.c2.userId,
      realName: '改名',
      phone: '13811112222',
    });
    expect(changed.statusCode, changed.body).toBe(400);
    expect(changed.json().msg).toBe('居民账号不存在或不属于本租户');
    expect(await account(w.residents.c2.userId)).toEqual(theirs);
    const mine = await account(w.residents.c1.userId);
    const moved = await asGrid('POST', `${USER}/updateCommunityUser`, {
      id: w.residents.c1.userId,
      deptId: w.c2,
    });
    expect(moved.statusCode, moved.body).toBe(400);
    expect(moved.json().msg).toBe('所属社区不存在');
    expect(await account(w.residents.c1.userId)).toEqual(mine);
    const renamed = await asGrid('POST', `${USER}/updateCommunityUser`, {
      id: w.residents.c1.userId,
      phone: '13811112222',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it("is out of reach of the user screen's batch verbs", async () => {
    const theirs = await account(w.residents.c2.userId);
    for (const verb of ['reset-password', 'lock', 'unlock']) {
      const res = await asGrid('POST', `${USER}/${verb}?userIds=${w.residents.c2.userId}`);
      expect(res.statusCode, `${verb} ${res.body}`).toBe(404);
      expect(res.json().msg).toBe('用户不存在');
    }
    expect((await asGrid('GET', `${USER}/platform-detail?id=${w.residents.c2.userId}`)).statusCode).toBe(404);
    expect(await account(w.residents.c2.userId)).toEqual(theirs);
  });
});
