/** A record naming a party member (partyArchiveId) takes the member's name and phone from the archive
 * of the caller's tenant; a member of another tenant, or none, is refused. */
import type { Trx } from '../../db/database.js';
import { badRequest } from '../../http/envelope.js';

export async function fillMember(
  trx: Trx,
  tenantId: string,
  values: Record<string, unknown>,
  columns: { name: string; phone?: string },
): Promise<void> {
  const id = values.party_archive_id;
  if (id === undefined || id === null || id === '') return;
  const member = await trx
    .selectFrom('app_party_archive')
    .select(['name', 'phone'])
    .where('id', '=', String(id))
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!member) throw badRequest('党员不存在');
  values[columns.name] = member.name;
  if (columns.phone && !values[columns.phone]) values[columns.phone] = member.phone;
}
