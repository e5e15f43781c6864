/** Community B's part of the demo data (DomainModule.seedDemo): places, devices and alarms, video,
 * volunteers with a consistent ledger, solidarity, facilities and browse history, for every demo tenant. */
import type { DemoSeedArgs } from '../../../engine/module.js';
import { seedBrowses, seedFacilities, seedSolidarity, seedVolunteers } from './demo-activities.js';
import { demoContext } from './demo-base.js';
import { seedPlaces } from './demo-places.js';

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
