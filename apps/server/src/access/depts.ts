import type { Trx } from '../db/database.js';

/** Ids of the given depts and every dept below them. */
export async function deptsBelow(trx: Trx, deptIds: string[]): Promise<string[]> {
  if (!deptIds.length) return [];
  const rows = await trx
    .selectFrom('blade_dept')
    .select('id')
    .where('is_deleted', '=', 0)
    .where((eb) =>
      eb.or([
        eb('id', 'in', deptIds),
        ...deptIds.flatMap((id) => [
          eb('ancestors', 'like', `%,${id}`),
          eb('ancestors', 'like', `%,${id},%`),
        ]),
      ]),
    )
    .execute();
  return rows.map((r) => String(r.id));
}
