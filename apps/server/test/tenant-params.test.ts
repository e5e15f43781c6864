import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paramValue } from '../src/db/params.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// Issue 25, platform settings leaked across tenants: parameters were global, so any tenant's grid worker's
// 同步点位 (initData) called the platform's Hikvision account and stored its cameras as the tenant's own.
// Now a parameter is platform-wide or per tenant (param-keys.ts): a tenant reads and writes only its own
// rows (row-level security), a per-tenant key without a value of the tenant's reads its default — never
// the platform's value — and the platform-wide ones are the platform's alone.

const SECRETS: Record<string, string> = { platformKey: 'platform-secret', tenantKey: 'tenant-secret' };
/** the app keys the fake Artemis gateway was called with, in order */
const called: string[] = [];

function signatureOk(req: IncomingMessage, secret: string): boolean {
  const h = (name: string) => String(req.headers[name] ?? '');
  const signed = h('x-ca-signature-headers').split(',').sort();
  const text = [
    req.method,
    h('accept'),
    h('content-type'),
    ...signed.map((n) => `${n}:${h(n)}`),
    req.url,
  ].join('\n');
  return createHmac('sha256', secret).update(text).digest('base64') === h('x-ca-signature');
}

let fake: Server;
let fakeUrl: string;
let s: TestServer;
let admin: string;
let tenantAdmin: string;
let tenantGrid: string;
const TENANT = '200200';
const PARAM = '/api/blade-system/param';
const CAM = '/api/hik_camera_info/hikcameraInfo';

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const key = String(req.headers['x-ca-key'] ?? '');
      const send = (body: unknown) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (!SECRETS[key] || !signatureOk(req, SECRETS[key]!))
        return send({ code: '0x02401003', msg: 'AK不存在' });
      called.push(key);
      const { pageNo } = JSON.parse(raw) as { pageNo: number };
      const list = String(req.url).endsWith('/regions')
        ? [{ indexCode: `${key}-root`, parentIndexCode: '-1', name: `${key}区域` }]
        : [
            {
              cameraIndexCode: `${key}-cam`,
              cameraName: `${key}点位`,
              cameraType: 0,
              regionIndexCode: `${key}-root`,
            },
          ];
      send({
        code: '0',
        msg: 'success',
        data: { total: 1, pageNo, pageSize: 100, list: pageNo === 1 ? list : [] },
      });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  // the fake platform is on this machine: the operator allows exactly its address
  s = await startTestServer({ outboundAllowHosts: [new URL(fakeUrl).host] });
  admin = await login(s.app);
  await addTenantWithUser(s.db, {
    tenantId: TENANT,
    account: 'tadmin',
    menuCodes: ['param', 'param_view', 'param_add', 'param_edit', 'param_delete'],
  });
  await addTenantWithUser(s.db, { tenantId: TENANT, account: 'tgrid', menuCodes: ['hik_camera_sync'] });
  tenantAdmin = await login(s.app, { tenantId: TENANT, account: 'tadmin', password: 'secret' });
  tenantGrid = await login(s.app, { tenantId: TENANT, account: 'tgrid', password: 'secret' });
  // the platform's own Hikvision account, set in 参数管理 by the platform administrator
  for (const [key, value] of [
    ['hik.host', fakeUrl],
    ['hik.appKey', 'platformKey'],
    ['hik.appSecret', SECRETS.platformKey!],
    ['snap.rewardScore', '9'],
    ['log.retentionDays', '30'],
  ] as const) {
    const row = (
      await call(s.app, admin, 'GET', `${PARAM}/list?paramKey_equal=${key}&tenantId_equal=000000`)
    ).json().data.records[0];
    const saved = await call(s.app, admin, 'POST', `${PARAM}/submit`, { ...row, paramValue: value });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(async () => {
  await s.close();
  await new Promise((resolve) => fake.close(resolve));
});

const byKey = (token: string, key: string) =>
  call(s.app, token, 'GET', `${PARAM}/detail-by-key?paramKey=${encodeURIComponent(key)}`);

describe("a tenant's parameters", () => {
  it("never use the platform's Hikvision account: initData of another tenant is not configured", async () => {
    const res = await call(s.app, tenantGrid, 'POST', `${CAM}/initData`);
    expect([res.statusCode, res.json().msg]).toEqual([
      400,
      '未配置海康平台，请先在参数管理中设置 hik.host、hik.appKey 和 hik.appSecret',
    ]);
    expect(called).toEqual([]);
    const cameras = await s.db.kysely
      .selectFrom('hik_camera_info')
      .select('id')
      .where('tenant_id', '=', TENANT)
      .execute();
    expect(cameras).toHaveLength(0);
    // the platform itself synchronises with its own account
    const own = await call(s.app, admin, 'POST', `${CAM}/initData`);
    expect(own.statusCode, own.body).toBe(200);
    expect(new Set(called)).toEqual(new Set(['platformKey']));
  });

  it("are the tenant's own to read: not the platform's rows, values, nor platform-wide keys", async () => {
    const list = (await call(s.app, tenantAdmin, 'GET', `${PARAM}/list?size=100`)).json().data.records;
    expect(list.every((r: { tenantId: string }) => r.tenantId === TENANT)).toBe(true);
    const platformRow = (
      await call(s.app, admin, 'GET', `${PARAM}/list?paramKey_equal=hik.host&tenantId_equal=000000`)
    ).json().data.records[0];
    expect((await call(s.app, tenantAdmin, 'GET', `${PARAM}/detail?id=${platformRow.id}`)).statusCode).toBe(
      404,
    );
    // a per-tenant key without a value of the tenant's answers its default, not the platform's
    const host = await byKey(tenantAdmin, 'hik.host');
    expect([host.statusCode, host.json().data?.paramValue]).toEqual([200, '']);
    expect((await byKey(tenantAdmin, 'snap.rewardScore')).json().data.paramValue).toBe('5');
    expect(await paramValue(s.db.kysely, TENANT, 'snap.rewardScore')).toBe('5');
    expect(await paramValue(s.db.kysely, TENANT, 'hik.appSecret')).toBe('');
    // a platform-wide key is the platform's alone
    expect((await byKey(tenantAdmin, 'log.retentionDays')).statusCode).toBe(403);
    expect((await byKey(admin, 'log.retentionDays')).json().data.paramValue).toBe('30');
    // the server reads the platform's value of a platform-wide key inside any tenant's transaction
    expect(await s.db.tx({ tenantId: TENANT }, (trx) => paramValue(trx, TENANT, 'log.retentionDays'))).toBe(
      '30',
    );
    // and row-level security keeps the platform's rows out of a tenant's transaction, WHERE or not
    const seen = await s.db.tx({ tenantId: TENANT }, (trx) =>
      sql<{ tenant_id: string }>`select tenant_id from blade_param`.execute(trx),
    );
    expect(seen.rows.every((r) => r.tenant_id === TENANT)).toBe(true);
  });

  it("are the tenant's own to write: platform-wide keys and the platform's rows are out of reach", async () => {
    const platformKey = await call(s.app, tenantAdmin, 'POST', `${PARAM}/submit`, {
      paramName: '日志保留天数',
      paramKey: 'log.retentionDays',
      paramValue: '1',
    });
    expect([platformKey.statusCode, platformKey.json().msg]).toEqual([
      403,
      'log.retentionDays 是平台参数，只能由平台设置',
    ]);
    const platformRow = (
      await call(s.app, admin, 'GET', `${PARAM}/list?paramKey_equal=hik.host&tenantId_equal=000000`)
    ).json().data.records[0];
    const overwrite = await call(s.app, tenantAdmin, 'POST', `${PARAM}/submit`, {
      ...platformRow,
      paramValue: 'http://evil.example',
    });
    expect(overwrite.statusCode).toBe(404);
    // a body naming the platform tenant still writes the tenant's own row
    const named = await call(s.app, tenantAdmin, 'POST', `${PARAM}/submit`, {
      tenantId: '000000',
      paramName: '海康平台地址',
      paramKey: 'hik.host',
      paramValue: fakeUrl,
    });
    expect(named.statusCode, named.body).toBe(200);
    const rows = await s.db.kysely
      .selectFrom('blade_param')
      .select(['tenant_id', 'param_value'])
      .where('param_key', '=', 'hik.host')
      .where('is_deleted', '=', 0)
      .orderBy('tenant_id')
      .execute();
    expect(rows).toEqual([
      { tenant_id: '000000', param_value: fakeUrl },
      { tenant_id: TENANT, param_value: fakeUrl },
    ]);
    // nor does the platform administrator put a platform-wide key into a tenant
    const intoTenant = await call(s.app, admin, 'POST', `${PARAM}/submit`, {
      tenantId: TENANT,
      paramName: '日志保留天数',
      paramKey: 'log.retentionDays',
      paramValue: '1',
    });
    expect(intoTenant.statusCode).toBe(403);
  });

  it("synchronise with the tenant's own Hikvision account once it sets one, into its own rows", async () => {
    for (const [key, value] of [
      ['hik.appKey', 'tenantKey'],
      ['hik.appSecret', SECRETS.tenantKey!],
    ])
      expect(
        (
          await call(s.app, tenantAdmin, 'POST', `${PARAM}/submit`, {
            paramName: key,
            paramKey: key,
            paramValue: value,
          })
        ).statusCode,
      ).toBe(200);
    called.length = 0;
    const res = await call(s.app, tenantGrid, 'POST', `${CAM}/initData`);
    expect(res.statusCode, res.body).toBe(200);
    expect(new Set(called)).toEqual(new Set(['tenantKey']));
    const cameras = await s.db.kysely
      .selectFrom('hik_camera_info')
      .select(['tenant_id', 'camera_index_code'])
      .where('camera_index_code', 'like', '%-cam')
      .orderBy('tenant_id')
      .execute();
    expect(cameras).toEqual([
      { tenant_id: '000000', camera_index_code: 'platformKey-cam' },
      { tenant_id: TENANT, camera_index_code: 'tenantKey-cam' },
    ]);
  });
});
