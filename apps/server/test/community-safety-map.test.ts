import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

// 设备告警 (接警, 处理完成 with a note, 误报) and 网格管理 (the boundary's shape, the centre filled from it).

let s: TestServer;
let admin: string;
let deptId: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const dept = await s.db.kysely
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', '000000')
    .executeTakeFirstOrThrow();
  deptId = String(dept.id);
});
afterAll(() => s.close());

const ALARM = '/api/app_oc_alarm/ocAlarm';
const MESH = '/api/app-map-mesh/mapmesh';

async function addAlarm(): Promise<string> {
  const device = await call(s.app, admin, 'POST', '/api/app_oc_device/ocDevice/submit', {
    deviceName: '3号楼烟感',
    deviceType: 1,
    imei: `86${Date.now()}`.slice(0, 15),
    platformDeviceId: `p-${nextId()}`,
    communityId: deptId,
    installAddress: '3号楼2单元',
  });
  expect(device.statusCode, device.body).toBe(200);
  const id = nextId();
  await s.db.tx({ tenantId: '000000' }, (trx) =>
    trx
      .insertInto('app_oc_alarm')
      .values({
        id,
        tenant_id: '000000',
        alarm_no: `A${id}`.slice(0, 32),
        device_id: device.json().data.id,
        device_name: '3号楼烟感',
        device_type: 1,
        imei: '860000000000001',
        community_id: deptId,
        install_address: '3号楼2单元',
        alarm_type: 1,
        alarm_level: 3,
        alarm_content: '烟雾浓度超标',
        alarm_time: '2026-11-20 10:00:00',
      })
      .execute(),
  );
  return id;
}

describe('设备告警', () => {
  it('is acknowledged, then handled once with a note', async () => {
    const id = await addAlarm();
    const ack = await call(s.app, admin, 'POST', `${ALARM}/acknowledge?ids=${id}`);
    expect(ack.statusCode, ack.body).toBe(200);
    let row = (await call(s.app, admin, 'GET', `${ALARM}/detail?id=${id}`)).json().data;
    expect(row).toMatchObject({ handleStatus: 1 });
    expect(row.handleTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // a second 接警 is refused, naming the state
    const again = await call(s.app, admin, 'POST', `${ALARM}/acknowledge?ids=${id}`);
    expect(again.statusCode).toBe(400);
    // 处理完成 needs the result
    const bare = await call(s.app, admin, 'POST', `${ALARM}/handle`, { ids: id });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().msg).toBe('请输入处理结果');
    const handled = await call(s.app, admin, 'POST', `${ALARM}/handle`, {
      ids: id,
      handleResult: '已现场排查，厨房油烟',
    });
    expect(handled.statusCode, handled.body).toBe(200);
    row = (await call(s.app, admin, 'GET', `${ALARM}/detail?id=${id}`)).json().data;
    expect(row).toMatchObject({ handleStatus: 2, confirmType: 1, handleResult: '已现场排查，厨房油烟' });
    expect(
      (await call(s.app, admin, 'POST', `${ALARM}/misreport`, { ids: id, handleResult: 'x' })).statusCode,
    ).toBe(400);
  });

  it('is closed as a false alarm straight from 未处理', async () => {
    const id = await addAlarm();
    const res = await call(s.app, admin, 'POST', `${ALARM}/misreport`, { ids: id, handleResult: '测试触发' });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await call(s.app, admin, 'GET', `${ALARM}/detail?id=${id}`)).json().data;
    expect(row).toMatchObject({ handleStatus: 2, confirmType: 2 });
    const unhandled = (await call(s.app, admin, 'GET', `${ALARM}/page?handleStatus=0&size=100`)).json().data;
    expect(unhandled.records.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});

describe('网格管理', () => {
  const square = (lng: number, lat: number) =>
    JSON.stringify({
      type: 'Polygon',
      coordinates: [
        [
          [lng, lat],
          [lng + 0.01, lat],
          [lng + 0.01, lat + 0.02],
          [lng, lat + 0.02],
          [lng, lat],
        ],
      ],
    });
  const mesh = (extra: Record<string, unknown>) => ({
    meshCode: `M${nextId()}`.slice(0, 32),
    meshName: '八廓第一网格',
    meshType: 1,
    meshLevel: 3,
    communityId: deptId,
    ...extra,
  });

  it('saves a drawn polygon and fills its centre', async () => {
    const res = await call(s.app, admin, 'POST', `${MESH}/save`, mesh({ boundary: square(91.13, 29.65) }));
    expect(res.statusCode, res.body).toBe(200);
    const row = (await call(s.app, admin, 'GET', `${MESH}/detail?id=${res.json().data.id}`)).json().data;
    expect(Number(row.centerLng)).toBeCloseTo(91.135, 6);
    expect(Number(row.centerLat)).toBeCloseTo(29.66, 6);
    expect(JSON.parse(row.boundary).type).toBe('Polygon');
  });

  it('refuses a boundary that is not a closed polygon', async () => {
    for (const boundary of [
      '{"type":"Point","coordinates":[91,29]}',
      '[1,2',
      '{"type":"Polygon","coordinates":[[[91,29],[92,29],[92,30]]]}',
    ]) {
      const res = await call(s.app, admin, 'POST', `${MESH}/save`, mesh({ boundary }));
      expect(res.statusCode, boundary).toBe(400);
      expect(res.json().msg).toBe('网格边界应为GeoJSON面(Polygon或MultiPolygon)');
    }
  });
});
