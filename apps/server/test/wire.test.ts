import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUFFIXES } from '../src/http/list-query.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let token: string;
const list = (q: string) => call(s.app, token, 'GET', `/api/blade-system/param/list?${q}`);
const keys = async (q: string) =>
  (await list(q))
    .json()
    .data.records.map((r: { paramKey: string }) => r.paramKey)
    .sort();

beforeAll(async () => {
  s = await startTestServer({}, undefined, (app) =>
    app.get('/api/test/boom', { config: { access: { public: true } } }, async () => {
      throw new Error('secret internal detail');
    }),
  );
  token = await login(s.app);
  // Replace the seeded parameters with a known set.
  await s.db.kysely.deleteFrom('blade_param').execute();
  const rows = [
    ['p.alpha', 'Alpha', '1', '2026-01-01 10:00:00', null],
    ['p.beta', 'Beta_x', '2', '2026-02-01 10:00:00', 'note'],
    ['q.gamma', 'Gamma%', '3', '2026-03-01 10:00:00', null],
    ['q.delta', 'Delta', '4', '2026-04-01 10:00:00', 'note'],
  ];
  for (const [key, name, value, time, remark] of rows) {
    const res = await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
      paramKey: key,
      paramName: name,
      paramValue: value,
      remark,
    });
    expect(res.json().msg).toBe('新增成功');
    await s.db.kysely
      .updateTable('blade_param')
      .set({ create_time: time })
      .where('param_key', '=', key!)
      .execute();
  }
});
afterAll(() => s.close());

describe('envelope and status mapping', () => {
  it('wraps data with code 200 and ids as strings, dates as yyyy-MM-dd HH:mm:ss', async () => {
    const body = (await list('')).json();
    expect(body).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const r = body.data.records[0];
    expect(typeof r.id).toBe('string');
    expect(r.id).toMatch(/^\d{15,19}$/);
    expect(r.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('maps 400, 401, 403, 404 and 500 to the envelope with the same HTTP status', async () => {
    const bad = await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
      paramName: 'x',
      paramKey: 'k',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, success: false, data: null, msg: '请输入参数键值' });
    expect((await call(s.app, undefined, 'GET', '/api/blade-system/param/list')).statusCode).toBe(401);
    const missing = await call(s.app, token, 'GET', '/api/nothing/here');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, success: false });
    const detail = await call(s.app, token, 'GET', '/api/blade-system/param/detail?id=123456789012');
    expect(detail.statusCode).toBe(404);
    const boom = await call(s.app, token, 'GET', '/api/test/boom');
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: 500, success: false, data: null, msg: '服务器异常,请稍后再试' });
    expect(boom.body).not.toContain('secret');
    const badJson = await s.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().msg).toBe('请求体格式错误');
  });

  it('validates every rule with the field message and keeps the record whole', async () => {
    expect(
      (
        await call(s.app, token, 'POST', '/api/blade-system/param/submit', { paramKey: 'k', paramValue: 'v' })
      ).json().msg,
    ).toBe('请输入参数名称');
    expect(
      (
        await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
          paramName: 'n',
          paramValue: 'v',
        })
      ).json().msg,
    ).toBe('请输入参数键名');
    const dup = await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
      paramName: 'n',
      paramKey: 'p.alpha',
      paramValue: 'v',
    });
    expect(dup.json().msg).toBe('参数键名已存在');
    const long = await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
      paramName: 'x'.repeat(300),
      paramKey: 'z',
      paramValue: 'v',
    });
    expect(long.json().msg).toBe('参数名称长度不能超过255个字符');
    expect(await keys('size=100')).toEqual(['p.alpha', 'p.beta', 'q.delta', 'q.gamma']);
  });

  it('updates by id, refuses a stale update, and soft-deletes', async () => {
    const alpha = (await list('paramKey_equal=p.alpha')).json().data.records[0];
    const upd = await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
      ...alpha,
      paramValue: '11',
    });
    expect(upd.json().msg).toBe('更新成功');
    const stale = await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
      ...alpha,
      updateTime: '2000-01-01 00:00:00',
      paramValue: '12',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被他人修改,请刷新后重试');
    const detail = (await call(s.app, token, 'GET', `/api/blade-system/param/detail?id=${alpha.id}`)).json()
      .data;
    expect(detail.paramValue).toBe('11');
    const tmp = (
      await call(s.app, token, 'POST', '/api/blade-system/param/submit', {
        paramName: 't',
        paramKey: 'tmp',
        paramValue: 'v',
      })
    ).json().data.id;
    expect((await call(s.app, token, 'POST', `/api/blade-system/param/remove?ids=${tmp}`)).json().msg).toBe(
      '删除成功',
    );
    expect((await call(s.app, token, 'GET', `/api/blade-system/param/detail?id=${tmp}`)).statusCode).toBe(
      404,
    );
    const row = await s.db.kysely
      .selectFrom('blade_param')
      .select('is_deleted')
      .where('id', '=', tmp)
      .executeTakeFirst();
    expect(row?.is_deleted).toBe(1);
    expect((await call(s.app, token, 'POST', '/api/blade-system/param/remove?ids=1;drop')).statusCode).toBe(
      400,
    );
  });
});

describe('paging', () => {
  it('defaults to current 1 size 10 and answers records/total/size/current/pages', async () => {
    const d = (await list('')).json().data;
    expect(d).toMatchObject({ total: 4, size: 10, current: 1, pages: 1 });
    const p2 = (await list('current=2&size=3')).json().data;
    expect(p2).toMatchObject({ total: 4, size: 3, current: 2, pages: 2 });
    expect(p2.records).toHaveLength(1);
  });
  it('caps the page size and refuses nonsense', async () => {
    expect((await list('size=100000')).json().data.size).toBe(s.config.maxPageSize);
    expect((await list('current=0')).statusCode).toBe(400);
    expect((await list('size=abc')).json().msg).toBe('分页参数 size 必须是正整数');
  });
  it('sorts by allow-listed fields only', async () => {
    const asc = (await list('ascs=paramKey'))
      .json()
      .data.records.map((r: { paramKey: string }) => r.paramKey);
    expect(asc).toEqual(['p.alpha', 'p.beta', 'q.delta', 'q.gamma']);
    const desc = (await list('descs=create_time'))
      .json()
      .data.records.map((r: { paramKey: string }) => r.paramKey);
    expect(desc).toEqual(['q.delta', 'q.gamma', 'p.beta', 'p.alpha']);
    const bad = await list('ascs=param_value');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('不支持的排序字段: param_value');
    expect((await list('descs=id;drop table blade_user')).statusCode).toBe(400);
  });
});

describe('filter suffixes', () => {
  const cases: [string, string[]][] = [
    ['paramKey=alp', ['p.alpha']],
    ['paramKey_like=q.', ['q.delta', 'q.gamma']],
    ['paramKey_equal=p.beta', ['p.beta']],
    ['paramKey_notequal=p.beta', ['p.alpha', 'q.delta', 'q.gamma']],
    ['paramKey_likeleft=ta', ['p.beta', 'q.delta']],
    ['paramKey_likeright=q', ['q.delta', 'q.gamma']],
    ['paramKey_notlike=p.', ['q.delta', 'q.gamma']],
    ['paramName_like=_', ['p.beta']],
    ['paramName_like=%25', ['q.gamma']],
    ['paramKey_gt=q', ['q.delta', 'q.gamma']],
    ['paramKey_lt=p.b', ['p.alpha']],
    ['paramKey_ge=q.gamma', ['q.gamma']],
    ['paramKey_le=p.alpha', ['p.alpha']],
    ['createTime_dategt=2026-02-01 10:00:00', ['q.delta', 'q.gamma']],
    ['createTime_datelt=2026-02-01 10:00:00', ['p.alpha']],
    ['createTime_datege=2026-02-01 10:00:00', ['p.beta', 'q.delta', 'q.gamma']],
    ['createTime_datele=2026-02-01 10:00:00', ['p.alpha', 'p.beta']],
    ['createTime_dateequal=2026-03-01 10:00:00', ['q.gamma']],
    ['remark_null=1', ['p.alpha', 'q.gamma']],
    ['remark_notnull=1', ['p.beta', 'q.delta']],
    ['paramKey_ignore=zzz', ['p.alpha', 'p.beta', 'q.delta', 'q.gamma']],
  ];
  it.each(cases)('%s', async (q, expected) => {
    const res = await list(`${q.replace(/ /g, '%20')}&size=50`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await keys(`${q.replace(/ /g, '%20')}&size=50`)).toEqual(expected);
  });
  it('covers every suffix of the contract', () => {
    const used = new Set(cases.map(([q]) => `_${q.split('=')[0]!.split('_').slice(1).join('_')}`));
    for (const suffix of Object.keys(SUFFIXES)) expect(used, suffix).toContain(suffix);
  });
  it('refuses unknown keys and malformed values with 400, never SQL', async () => {
    for (const q of [
      'password=x',
      "paramKey'or'1'='1=1",
      'status_gt=abc',
      'createTime_dategt=yesterday',
      'paramKey_foo=1',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.body.toLowerCase()).not.toContain('select');
    }
    expect((await list('paramKey_like=%27%3B%20drop%20table%20blade_param%3B--')).json().data.total).toBe(0);
  });
});
