/** Community B's part of the demo data (DomainModule.seedDemo): places, devices and alarms, video,
 * volunteers with a consistent ledger, solidarity, facilities and browse history, for every demo tenant;
 * a solidarity activity and two loans wait in their approvals for the volunteer managers and admins. */
import type { DemoSeedArgs } from '../../../engine/module.js';
import { seedBrowses, seedVolunteers } from './demo-activities.js';
import { demoContext } from './demo-base.js';
import { seedFacilities } from './demo-facilities.js';
import { seedPlaces } from './demo-places.js';
import { seedSolidarity } from './demo-solidarity.js';

export async function seedCommunityB({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  for (const tenantId of tenantIds) {
    const already = await trx
      .selectFrom('app_temple_info')
      .select('id')
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst();
    if (already) continue;
    const c = await demoContext(trx, tenantId);
    if (!c) continue;
    await seedPlaces(c);
    await seedVolunteers(c);
    await seedSolidarity(c);
    await seedFacilities(c);
    await seedBrowses(c);
  }
}
