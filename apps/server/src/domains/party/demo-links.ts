/** The party domain's links to the rest of the demo (DomainModule.linkDemo, after every domain's part):
 * members who write 思想汇报 become residents with an app account, so a review can grant them points
 * (report-review.ts credits the member's account). The accounts are the residents' (blade_user,
 * userType 2, each with its household row); each linked member takes its resident's identity (name,
 * sex, birthday, id card, ethnicity, phone) in the archive and in the party rows naming them, so the
 * demo shows one person on both sides. */
import { sql } from 'kysely';
import type { Row, Trx } from '../../db/database.js';
import type { DemoSeedArgs } from '../../engine/module.js';

/** How many members of a tenant are linked at most: the report writers come first. */
const LINKED = 24;

/** The party rows that name a member by name (demo-seed.ts), renamed with the member. */
const NAME_COLUMNS: [table: string, column: string][] = [
  ['app_party_duty', 'member_name'],
  ['app_party_activity', 'contact_name'],
  ['app_party_activity2user', 'member_name'],
  ['app_party_report', 'member_name'],
  ['app_party_appraise2user', 'member_name'],
  ['app_party_double_report', 'name'],
  ['app_discipline_report', 'informant_name'],
];

/** Residents with an app account and a household row, not yet a party member's account. */
async function residentAccounts(trx: Trx, tenantId: string): Promise<Row[]> {
  return (await trx
    .selectFrom('blade_user as u')
    .innerJoin('app_household as h', (j) => j.onRef('h.app_user_id', '=', 'u.id').on('h.is_deleted', '=', 0))
    .select(['u.id', 'u.real_name', 'u.phone', 'h.id as household_id', 'h.sex', 'h.birthday'])
    .select(['h.id_card', 'h.nation'])
    .where('u.tenant_id', '=', tenantId)
    .where('u.user_type', '=', 2)
    .where('u.is_deleted', '=', 0)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('app_party_archive as a').select('a.id').whereRef('a.app_user_id', '=', 'u.id'))),
    )
    .orderBy('u.id')
    .execute()) as Row[];
}

/** Registered members without an account: those whose reports wait for a review first, then the other
 * report writers (oldest id first). */
async function unlinkedMembers(trx: Trx, tenantId: string): Promise<Row[]> {
  const reports = (waiting: boolean) =>
    sql<number>`(select count(*) from app_party_report r where r.party_archive_id = a.id and r.is_deleted = 0${
      waiting ? sql` and r.review_status = 0` : sql``
    })`;
  return (await trx
    .selectFrom('app_party_archive as a')
    .select(['a.id', 'a.name'])
    .where('a.tenant_id', '=', tenantId)
    .where('a.is_deleted', '=', 0)
    .where('a.audit_status', '=', 1)
    .where('a.app_user_id', 'is', null)
    .orderBy(reports(true), 'desc')
    .orderBy(reports(false), 'desc')
    .orderBy('a.id')
    .execute()) as Row[];
}

async function link(trx: Trx, tenantId: string, member: Row, account: Row): Promise<void> {
  const name = String(account.real_name);
  await trx
    .updateTable('app_party_archive')
    .set({
      app_user_id: account.id,
      household_id: account.household_id,
      name,
      ...(account.phone ? { phone: account.phone } : {}),
      ...(account.sex ? { sex: account.sex } : {}),
      ...(account.birthday ? { birthday: account.birthday } : {}),
      ...(account.id_card ? { id_card: account.id_card } : {}),
      ...(account.nation ? { nation: account.nation } : {}),
    })
    .where('id', '=', String(member.id))
    .execute();
  for (const [table, column] of NAME_COLUMNS)
    await trx
      .updateTable(table)
      .set({ [column]: name })
      .where('tenant_id', '=', tenantId)
      .where(column, '=', String(member.name))
      .execute();
}

/** Links up to LINKED members per demo tenant to residents' accounts (a resident whose name another
 * member already bears is left out, so every member keeps a name of its own). Idempotent: linked
 * members and accounts are not taken again. */
export async function linkPartyDemo({ trx, tenantIds }: DemoSeedArgs): Promise<void> {
  for (const tenantId of tenantIds) {
    const members = await unlinkedMembers(trx, tenantId);
    const named = await trx
      .selectFrom('app_party_archive')
      .select('name')
      .where('tenant_id', '=', tenantId)
      .execute();
    const taken = new Set(named.map((r) => String(r.name)));
    const accounts = (await residentAccounts(trx, tenantId)).filter((a) => !taken.has(String(a.real_name)));
    const pairs = Math.min(LINKED, members.length, accounts.length);
    for (let i = 0; i < pairs; i++) {
      if (taken.has(String(accounts[i]!.real_name))) continue;
      taken.add(String(accounts[i]!.real_name));
      await link(trx, tenantId, members[i]!, accounts[i]!);
    }
  }
}
