/** Shared pieces of community B's demo data: the tenant's communities, a few resident accounts (no
 * login), audit columns, a deterministic pseudo-random sequence, and the approval processes its records
 * wait in. */
import type { ResourceDef } from '@tongxin/resources';
import type { Trx } from '../../../db/database.js';
import { nextId } from '../../../db/ids.js';
import { startBusinessProcess } from '../../../engine/approval/start-process.js';
import { formatDateTime } from '../../../util/datetime.js';

export interface DemoContext {
  trx: Trx;
  tenantId: string;
  communities: { id: string; name: string }[];
  residents: { id: string; name: string; phone: string; account: string }[];
  adminId: string | null;
  /** a repeatable sequence in [0, 1) */
  rand: () => number;
  /** `yyyy-MM-dd HH:mm:ss`, `days` from now (negative: past) at `hour` */
  at: (days: number, hour?: number) => string;
  row: (values: Record<string, unknown>) => Record<string, unknown>;
}

const RESIDENTS: [string, string, number][] = [
  ['扎西多吉', '13908901001', 1],
  ['央金卓玛', '13908901002', 2],
  ['次仁旺堆', '13908901003', 1],
  ['白玛曲珍', '13908901004', 2],
  ['李建国', '13908901005', 1],
  ['马秀兰', '13908901006', 2],
  ['格桑平措', '13908901007', 1],
  ['德吉央宗', '13908901008', 2],
];

export async function demoContext(trx: Trx, tenantId: string): Promise<DemoContext | undefined> {
  const communities = (
    await trx
      .selectFrom('blade_dept')
      .select(['id', 'dept_name'])
      .where('tenant_id', '=', tenantId)
      .where('dept_category', '=', 3)
      .where('is_deleted', '=', 0)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  ).map((d) => ({ id: String(d.id), name: String(d.dept_name) }));
  if (!communities.length) return undefined;
  const admin = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', 'admin')
    .executeTakeFirst();
  const now = formatDateTime();
  const residents = [];
  for (const [i, [name, phone, sex]] of RESIDENTS.entries()) {
    const id = nextId();
    const account = `resident${String(i + 1).padStart(2, '0')}`;
    const community = communities[i % communities.length]!;
    await trx
      .insertInto('blade_user')
      .values({
        id,
        tenant_id: tenantId,
        user_type: 2,
        account,
        password: '!', // residents sign in to the app, never to the back office
        name,
        real_name: name,
        phone,
        sex,
        birthday: `${1960 + i * 5}-0${(i % 9) + 1}-15 00:00:00`,
        dept_id: community.id,
        create_time: now,
        update_time: now,
      })
      .execute();
    residents.push({ id, name, phone, account });
  }
  let seed = tenantId === '000000' ? 7 : 11;
  const rand = () => {
    seed = (seed * 16807) % 2147483647;
    return (seed - 1) / 2147483646;
  };
  const at = (days: number, hour = 10) => {
    const d = new Date(Date.now() + days * 86_400_000);
    d.setHours(hour, 0, 0, 0);
    return formatDateTime(d);
  };
  const adminId = admin ? String(admin.id) : null;
  const row = (values: Record<string, unknown>) => ({
    id: nextId(),
    tenant_id: tenantId,
    create_user: adminId,
    create_time: now,
    update_user: adminId,
    update_time: now,
    ...values,
  });
  return { trx, tenantId, communities, residents, adminId, rand, at, row };
}

/** Puts a demo record into its approval process as the wire does (startBusinessProcess), `applicant`
 * applying: it waits for the process's candidate roles (volunteer_manager, admin). `processKey` names a
 * later process of the definition (a loan's return). */
export async function awaitApproval(
  c: DemoContext,
  applicant: { id: string; account: string },
  def: ResourceDef,
  businessId: string,
  processKey?: string,
): Promise<void> {
  await startBusinessProcess(
    c.trx,
    { userId: applicant.id, tenantId: c.tenantId, roleAliases: [], account: applicant.account },
    { def, businessId, ...(processKey ? { processKey } : {}) },
  );
}
