import { BUILTIN_DRIVER, SMS_ENABLED } from '@tongxin/resources';
import { nextId } from '../../db/ids.js';
import type { DemoSeedArgs } from '../../engine/module.js';
import { formatDateTime } from '../../util/datetime.js';

/** The system domain's demo rows: this system's database as a data source (the code generator reads its
 * tables at once), a log-only SMS configuration enabled in each demo tenant and a local-disk storage
 * configuration ready to enable. Rows present by their code are left alone. */
export async function seedSystemDemo({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  const now = formatDateTime();
  const audit = { create_time: now, update_time: now, status: 1, is_deleted: 0 };
  const hasSource = await trx
    .selectFrom('blade_datasource')
    .select('id')
    .where('name', '=', '本系统数据库')
    .executeTakeFirst();
  if (!hasSource)
    await trx
      .insertInto('blade_datasource')
      .values({
        id: nextId(),
        name: '本系统数据库',
        driver_class: BUILTIN_DRIVER,
        remark: '演示数据',
        ...audit,
      })
      .execute();
  for (const tenantId of tenantIds) {
    const sms = await trx
      .selectFrom('blade_sms')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('sms_code', '=', 'demo-log')
      .executeTakeFirst();
    if (!sms)
      await trx
        .insertInto('blade_sms')
        .values({
          id: nextId(),
          tenant_id: tenantId,
          category: 1,
          sms_code: 'demo-log',
          template_id: 'DEMO',
          sign_name: '同心',
          remark: '仅记录日志',
          ...audit,
          status: SMS_ENABLED,
        })
        .execute();
    const oss = await trx
      .selectFrom('blade_oss')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .where('oss_code', '=', 'local')
      .executeTakeFirst();
    if (!oss)
      await trx
        .insertInto('blade_oss')
        .values({
          id: nextId(),
          tenant_id: tenantId,
          category: 1,
          oss_code: 'local',
          remark: '服务器本地磁盘',
          ...audit,
        })
        .execute();
  }
}
