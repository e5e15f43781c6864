/** Community A's part of the demo seed (DomainModule.seedDemo): residents and households in every demo
 * community, their requests, content, notices, feedback, profile changes and questionnaires. Runs once
 * per tenant: a tenant that already has households is left alone. */
import type { Trx } from '../../db/database.js';
import { hashPassword, md5Hex } from '../../auth/passwords.js';
import { nextId } from '../../db/ids.js';
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

/** The residents' role (居民: no menus; the app's calls need a signed-in user with a role). */
async function residentRole(trx: Trx, tenantId: string): Promise<string> {
  const found = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', 'resident')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (found) return String(found.id);
  const id = nextId();
  await trx
    .insertInto('blade_role')
    .values({
      id,
      tenant_id: tenantId,
      parent_id: 0,
      role_name: '居民',
      sort: 99,
      role_alias: 'resident',
      is_deleted: 0,
    })
    .execute();
  return id;
}

/** A demo staff account (the conversations' community side). */
async function staffOf(trx: Trx, tenantId: string): Promise<{ id: string } | undefined> {
  const row = await trx
    .selectFrom('blade_user')
    .select(['id'])
    .where('tenant_id', '=', tenantId)
    .where('account', '<>', 'admin')
    .where('user_type', '=', 1)
    .where('is_deleted', '=', 0)
    .orderBy('id')
    .executeTakeFirst();
  return row && { id: String(row.id) };
}

export async function seedCommunityADemo({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  const now = formatDateTime();
  // every demo account signs in with the demo password (DEMO_PASSWORD of seed/demo.ts)
  const password = await hashPassword(md5Hex('123456'));
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
    const role = await residentRole(trx, tenantId);
    for (const c of communities)
      residents.push(...(await seedHouseholds(trx, c, g, { password, role }, now)));
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
