/** 同步点位 (POST hikcameraInfo/initData): pulls the regions and cameras of the platform named by the
 * `hik.host`, `hik.appKey` and `hik.appSecret` parameters and upserts them by their index codes into the
 * caller's tenant, in one transaction; with no platform configured it says so. */
import { requireUser } from '../../../auth/guard.js';
import type { AuthUser } from '../../../auth/tokens.js';
import type { Database, Trx } from '../../../db/database.js';
import { nextId } from '../../../db/ids.js';
import { trimmedParams } from '../../../db/params.js';
import type { VerbHandler } from '../../../engine/module.js';
import { badRequest, ok } from '../../../http/envelope.js';
import { formatDateTime } from '../../../util/datetime.js';
import { open } from '../../../util/secret-box.js';
import { artemisAll, ArtemisError, type ArtemisConfig } from './artemis.js';

export const NOT_CONFIGURED = '未配置海康平台，请先在参数管理中设置 hik.host、hik.appKey 和 hik.appSecret';

type Wire = Record<string, unknown>;

/** The Hikvision platform the tenant's own hik.* parameters name (hik.appSecret sealed at rest,
 * domains/system/param.ts), or undefined while any of them is unset: a tenant never uses another's, the
 * platform's included. */
export async function artemisConfig(
  db: Database,
  tenantId: string,
  jwtSecret: string,
): Promise<ArtemisConfig | undefined> {
  const v = await trimmedParams(db.kysely, tenantId, ['hik.host', 'hik.appKey', 'hik.appSecret']);
  if (!v['hik.host'] || !v['hik.appKey'] || !v['hik.appSecret']) return undefined;
  if (!/^https?:\/\/[^/\s]+\/?$/.test(v['hik.host']))
    throw badRequest('海康平台地址格式不正确，应为 http(s)://主机:端口');
  let appSecret: string;
  try {
    appSecret = open(v['hik.appSecret'], jwtSecret, 'param');
  } catch {
    throw badRequest('hik.appSecret 无法解密（服务器密钥已更换），请在参数管理中重新设置');
  }
  return { host: v['hik.host'], appKey: v['hik.appKey'], appSecret };
}

const text = (v: unknown, max: number): string | null =>
  v === undefined || v === null || v === '' ? null : String(v).slice(0, max);
const int = (v: unknown): number | null =>
  v === undefined || v === null || v === '' || Number.isNaN(Number(v)) ? null : Math.trunc(Number(v));

async function upsert(trx: Trx, user: AuthUser, table: string, key: string, values: Record<string, unknown>) {
  const existing = await trx
    .selectFrom(table)
    .select('id')
    .where('tenant_id', '=', user.tenantId)
    .where(key, '=', values[key] as string)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const now = formatDateTime();
  if (existing) {
    await trx
      .updateTable(table)
      .set((eb) => ({
        ...values,
        update_user: user.userId,
        update_time: now,
        version: eb('version', '+', 1),
      }))
      .where('id', '=', String(existing.id))
      .execute();
    return;
  }
  await trx
    .insertInto(table)
    .values({
      ...values,
      id: nextId(),
      tenant_id: user.tenantId,
      create_user: user.userId,
      create_time: now,
      update_user: user.userId,
      update_time: now,
    })
    .execute();
}

const regionRow = (r: Wire, now: string) => ({
  index_code: text(r.indexCode, 64),
  parent_index_code: text(r.parentIndexCode, 64) ?? '-1',
  region_name: text(r.name ?? r.regionName, 100) ?? '',
  region_path: text(r.regionPath, 500),
  region_path_name: text(r.regionPathName, 500),
  tree_level: int(r.treeLevel ?? r.level),
  leaf: r.leaf === undefined ? null : r.leaf === true || Number(r.leaf) === 1 ? 1 : 0,
  catalog_type: int(r.catalogType),
  sort: int(r.sort) ?? 1,
  sync_time: now,
});

const cameraRow = (c: Wire, now: string) => ({
  camera_index_code: text(c.cameraIndexCode ?? c.indexCode, 64),
  camera_name: text(c.cameraName ?? c.name, 100) ?? '',
  camera_type: int(c.cameraType) ?? 0,
  region_index_code: text(c.regionIndexCode, 64) ?? '',
  channel_no: text(c.channelNo, 16),
  channel_type: text(c.channelType, 16),
  encode_dev_index_code: text(c.encodeDevIndexCode, 64),
  gb_index_code: text(c.gbIndexCode, 32),
  install_location: text(c.installLocation, 200),
  longitude: text(c.longitude, 32),
  latitude: text(c.latitude, 32),
  altitude: text(c.altitude, 32),
  pixel: int(c.pixel),
  ptz: int(c.ptz),
  trans_type: int(c.transType),
  treaty_type: text(c.treatyType, 32),
  capability_set: text(c.capabilitySet, 500),
  online_status: int(c.status ?? c.online) ?? -1,
  sort: int(c.sort) ?? 1,
  sync_time: now,
});

export const initData: VerbHandler = {
  access: { perm: 'hik_camera_sync' },
  async handle(request, engine) {
    const user = requireUser(request);
    const config = await artemisConfig(engine.ctx.db, user.tenantId, engine.ctx.config.jwtSecret);
    if (!config) throw badRequest(NOT_CONFIGURED);
    let regions: Wire[];
    let cameras: Wire[];
    try {
      regions = await artemisAll<Wire>(engine.ctx.outbound, config, '/api/resource/v1/regions', {
        treeCode: '0',
      });
      cameras = await artemisAll<Wire>(engine.ctx.outbound, config, '/api/resource/v1/cameras', {
        treeCode: '0',
      });
    } catch (e) {
      if (e instanceof ArtemisError) throw badRequest(e.message);
      throw e;
    }
    const now = formatDateTime();
    await engine.ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      for (const r of regions.filter((x) => x.indexCode))
        await upsert(trx, user, 'hik_regions_info', 'index_code', regionRow(r, now));
      for (const c of cameras.filter((x) => x.cameraIndexCode ?? x.indexCode))
        await upsert(trx, user, 'hik_camera_info', 'camera_index_code', cameraRow(c, now));
    });
    return ok(
      { regions: regions.length, cameras: cameras.length },
      `同步完成：区域${regions.length}个，监控点${cameras.length}个`,
    );
  },
};
