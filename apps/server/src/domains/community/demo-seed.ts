/** Community A's part of the demo seed (DomainModule.seedDemo): residents and households in every demo
 * community, their requests, content, notices, feedback, profile changes and questionnaires. Runs once
 * per tenant: a tenant that already has households is left alone. */
import type { Trx } from '../../db/database.js';
import type { DemoSeedArgs } from '../../engine/module.js';
import { formatDateTime } from '../../util/datetime.js';
import { seedContent } from './demo-content.js';
import { seedQuestionnaires } from './demo-questionnaires.js';
import {
  type Community,
  generator,
  type Resident,
  seedHouseholdRecords,
  seedHouseholds,
} from './demo-residents.js';
import { seedFeedback, seedProfileChanges } from './demo-tickets.js';

async function communitiesOf(trx: Trx, tenantId: string): Promise<Community[]> {
  const rows = await trx
    .selectFrom('blade_dept')
    .select(['id', 'dept_name'])
    .where('tenant_id', '=', tenantId)
    .where('dept_category', '=', 3)
    .where('is_deleted', '=', 0)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), name: String(r.dept_name), tenantId }));
}

/** A demo staff account's password hash (every demo account has the demo password). */
async function staffOf(trx: Trx, tenantId: string): Promise<{ id: string; password: string } | undefined> {
  const row = await trx
    .selectFrom('blade_user')
    .select(['id', 'password'])
    .where('tenant_id', '=', tenantId)
    .where('account', '<>', 'admin')
    .where('user_type', '=', 1)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return row && { id: String(row.id), password: String(row.password) };
}

export async function seedCommunityADemo({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  const now = formatDateTime();
  for (const [t, tenantId] of tenantIds.entries()) {
    const seeded = await trx
      .selectFrom('app_household')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (seeded) continue;
    const communities = await communitiesOf(trx, tenantId);
    const staff = await staffOf(trx, tenantId);
    if (!communities.length || !staff) continue;
    const g = generator(20260101 + t);
    const residents: Resident[] = [];
    for (const c of communities) residents.push(...(await seedHouseholds(trx, c, g, staff.password, now)));
    await seedHouseholdRecords(trx, residents, g, now);
    await seedContent(
      trx,
      tenantId,
      communities.map((c) => c.id),
      residents,
      g,
      now,
    );
    await seedFeedback(trx, residents, g, staff.id, now);
    await seedProfileChanges(trx, residents, now);
    await seedQuestionnaires(trx, tenantId, residents, g, now);
  }
}
