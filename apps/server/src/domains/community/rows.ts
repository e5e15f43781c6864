/** Helpers the community verbs share: the rows a call names, read and locked through the resource's
 * own visibility (tenant, soft delete, data scope), and batched inserts. */
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row, Trx } from '../../db/database.js';
import type { ResourceEngine } from '../../engine/crud/resource-engine.js';
import { notFound } from '../../http/envelope.js';
import { requestParams, selectedIds } from '../../http/params.js';

/** The ids of a batch call (`ids=1,2` in the query or the body). */
export const callIds = (request: FastifyRequest, param = 'ids'): string[] =>
  selectedIds(requestParams(request)[param]);

/** The named rows the user may see, locked for the transaction; a missing one is a 404. */
export async function lockVisible(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  base: () => Promise<any>,
  ids: string[],
): Promise<Row[]> {
  const rows = (await (await base()).selectAll().where('id', 'in', ids).forUpdate().execute()) as Row[];
  if (rows.length !== ids.length) throw notFound();
  return rows;
}

/** Runs `fn` on the named rows of the engine's resource in one transaction. */
export function onRows<T>(
  engine: ResourceEngine,
  user: AuthUser,
  ids: string[],
  fn: (trx: Trx, rows: Row[]) => Promise<T>,
): Promise<T> {
  return engine.run(user, async (trx, base) => fn(trx, await lockVisible(base, ids)));
}

/** Inserts rows in chunks (a notice to a whole tenant writes thousands). */
export async function insertChunked(trx: Trx, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Who the server writes a row for: a user, or the server itself (`userId` null: a sweep). */
export type Writer = Pick<AuthUser, 'tenantId' | 'deptIds'> & { userId: string | null };

/** The audit columns of a row the server writes for `user`. */
export function auditColumns(user: Writer, now: string): Record<string, unknown> {
  return {
    create_user: user.userId,
    create_dept: user.deptIds[0] ?? null,
    create_time: now,
    update_user: user.userId,
    update_time: now,
    status: 1,
    is_deleted: 0,
  };
}

/** A comma-joined id column as a list. */
export const idsOf = (value: unknown): string[] =>
  typeof value === 'string' && value ? value.split(',').filter(Boolean) : [];
