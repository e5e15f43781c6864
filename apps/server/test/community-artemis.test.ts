import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 监控区域 / 监控点位 against a local fake of Hikvision's Artemis gateway: the fake checks every
// request's signature (its own computation of Artemis' HMAC-SHA256 scheme), pages its lists, and answers
// an error for a wrong key; without the hik.* parameters initData says the platform is not configured.

const APP_KEY = '24681357';
const APP_SECRET = 'fake-artemis-secret';
const REGIONS = Array.from({ length: 7 }, (_, i) => ({
  indexCode: i === 0 ? 'root000000' : `region${i}`,
  parentIndexCode: i === 0 ? '-1' : 'root000000',
  name: i === 0 ? '城关区' : `八廓社区${i}`,
  regionPath: i === 0 ? '@root000000@' : `@root000000@region${i}@`,
  leaf: i !== 0,
  catalogType: 9,
}));
const CAMERAS = Array.from({ length: 5 }, (_, i) => ({
  cameraIndexCode: `cam${i}`,
  cameraName: `八廓街${i}号点`,
  cameraType: i % 4,
  regionIndexCode: `region${(i % 6) + 1}`,
  channelType: 'digital',
  installLocation: `八廓街${i}号`,
  longitude: '91.1324',
  latitude: '29.6525',
  status: 1,
}));

let fake: Server;
let fakeUrl: string;
const seen: { path: string; pageNo: number; pageSize: number }[] = [];

function expectedSignature(req: IncomingMessage): string {
  const h = (name: string) => String(req.headers[name] ?? '');
  const signedHeaders = h('x-ca-signature-headers').split(',').sort();
  const text = [
    req.method,
    h('accept'),
    h('content-type'),
    ...signedHeaders.map((name) => `${name}:${h(name)}`),
    req.url,
  ].join('\n');
  return createHmac('sha256', APP_SECRET).update(text).digest('base64');
}

beforeAll(async () => {
  fake = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers['x-ca-key'] !== APP_KEY) return send(200, { code: '0x02401003', msg: 'AK不存在' });
      if (req.headers['x-ca-signature'] !== expectedSignature(req))
        return send(401, { msg: 'signature mismatch' });
      const body = JSON.parse(raw) as { pageNo: number; pageSize: number };
      seen.push({ path: String(req.url), ...body });
      const all =
        req.url === '/artemis/api/resource/v1/regions'
          ? REGIONS
          : req.url === '/artemis/api/resource/v1/cameras'
            ? CAMERAS
            : undefined;
      if (!all) return send(404, { code: '404', msg: 'not found' });
      // the fake pages by 3 whatever the client asks for, as a platform with a smaller cap would
      const size = Math.min(body.pageSize, 3);
      const list = all.slice((body.pageNo - 1) * size, body.pageNo * size);
      send(200, {
        code: '0',
        msg: 'success',
        data: { total: all.length, pageNo: body.pageNo, pageSize: size, list },
      });
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as AddressInfo;
  fakeUrl = `http://127.0.0.1:${port}`;
  // the fake platform is on this machine: the platform allows exactly it (test/outbound-policy.test.ts)
  s = await startTestServer({ outboundAllowHosts: [`127.0.0.1:${port}`] });
  admin = await login(s.app);
});
afterAll(async () => {
  await s.close();
  await new Promise((resolve) => fake.close(resolve));
});

let s: TestServer;
let admin: string;
const CAM = '/api/hik_camera_info/hikcameraInfo';
const REG = '/api/hik_regions_info/hikregionsInfo';

/** The platform tenant's own value of `key` (the admin below synchronises tenant 000000's cameras). */
async function setParam(key: string, value: string) {
  await s.db.kysely
    .deleteFrom('blade_param')
    .where('param_key', '=', key)
    .where('tenant_id', '=', '000000')
    .execute();
  await s.db.kysely
    .insertInto('blade_param')
    .values({ id: nextId(), tenant_id: '000000', param_name: key, param_key: key, param_value: value })
    .execute();
}

describe('海康 Artemis adapter', () => {
  it('says so when no platform is configured, and rows are kept by hand', async () => {
    const res = await call(s.app, admin, 'POST', `${CAM}/initData`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('未配置海康平台，请先在参数管理中设置 hik.host、hik.appKey 和 hik.appSecret');
    const byHand = await call(s.app, admin, 'POST', `${CAM}/submit`, {
      cameraIndexCode: 'manual01',
      cameraName: '手工点位',
      cameraType: 0,
      regionIndexCode: 'x',
    });
    expect(byHand.statusCode, byHand.body).toBe(200);
  });

  it('synchronises regions and cameras page by page with signed requests, and again without duplicates', async () => {
    await setParam('hik.host', fakeUrl);
    await setParam('hik.appKey', APP_KEY);
    await setParam('hik.appSecret', APP_SECRET);
    for (let round = 0; round < 2; round++) {
      const res = await call(s.app, admin, 'POST', `${CAM}/initData`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ regions: 7, cameras: 5 });
    }
    expect(seen.filter((x) => x.path.endsWith('/regions')).map((x) => x.pageNo)).toEqual([1, 2, 3, 1, 2, 3]);
    const cams = (await call(s.app, admin, 'GET', `${CAM}/page?size=100&regionIndexCode=region2`)).json()
      .data;
    expect(cams.records.map((c: { cameraIndexCode: string }) => c.cameraIndexCode)).toEqual(['cam1']);
    expect(cams.records[0]).toMatchObject({ onlineStatus: 1, cameraName: '八廓街1号点' });
    const all = (await call(s.app, admin, 'GET', `${CAM}/page?size=100`)).json().data;
    expect(all.total).toBe(6); // five synchronised once each, one by hand
    const roots = (await call(s.app, admin, 'GET', `${REG}/lazy-tree?parentId=-1`)).json().data;
    expect(roots).toEqual([
      expect.objectContaining({ id: 'root000000', title: '城关区', hasChildren: true }),
    ]);
    const children = (await call(s.app, admin, 'GET', `${REG}/lazy-tree?parentId=root000000`)).json().data;
    expect(children).toHaveLength(6);
  });

  it('answers the platform error when it refuses the key', async () => {
    await setParam('hik.appKey', 'wrong');
    const res = await call(s.app, admin, 'POST', `${CAM}/initData`);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('海康平台返回错误: AK不存在');
    await setParam('hik.appKey', APP_KEY);
    await setParam('hik.appSecret', 'not-the-secret');
    const bad = await call(s.app, admin, 'POST', `${CAM}/initData`);
    expect(bad.json().msg).toBe('海康平台拒绝了签名，请检查 appKey 和 appSecret');
  });

  it('signs with an appSecret set in 参数管理, where it is sealed and never answered in clear', async () => {
    const PARAM = '/api/blade-system/param';
    const row = (await call(s.app, admin, 'GET', `${PARAM}/list?paramKey=hik.appSecret`)).json().data
      .records[0];
    const saved = await call(s.app, admin, 'POST', `${PARAM}/submit`, { ...row, paramValue: APP_SECRET });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = await s.db.kysely
      .selectFrom('blade_param')
      .select('param_value')
      .where('param_key', '=', 'hik.appSecret')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect(String(stored.param_value)).toMatch(/^enc:/);
    const shown = (await call(s.app, admin, 'GET', `${PARAM}/detail?id=${row.id}`)).json().data;
    expect(shown.paramValue).toBe('******');
    const res = await call(s.app, admin, 'POST', `${CAM}/initData`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ regions: 7, cameras: 5 });
  });
});
