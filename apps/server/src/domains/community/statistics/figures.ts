/** Figures counted in one statement: a scalar subquery per figure, each naming the tenant so the
 * (tenant_id, ...) indexes serve it, and each over the live rows of its table that `place` keeps (the
 * caller's data scope, or one user's own rows). */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import type { Schema, Trx } from '../../../db/database.js';

export type Where = [column: string, op: '=' | 'in' | '>=' | '<=' | '<>', value: unknown][];
/** A figure: its table, its conditions and what it adds up (a count of rows by default; `distinct:
 * column` counts the column's values, `sum: expression` adds the expression up). */
export type Figure = [
  table: string,
  where?: Where,
  measure?: { distinct: string } | { sum: RawBuilder<unknown> },
];

export type Place = (table: string) => (eb: ExpressionBuilder<Schema, string>) => Expression<SqlBool>;

/** Every figure of `figures` in one statement, by name. */
export async function figuresOf<K extends string>(
  trx: Trx,
  tenantId: string,
  place: Place,
  figures: Record<K, Figure>,
): Promise<Record<K, number>> {
  const entries = Object.entries(figures) as [K, Figure][];
  const row = await trx
    .selectNoFrom(() =>
      entries.map(([name, [table, where = [], measure]]) => {
        const value = !measure
          ? sql<string>`count(*)`
          : 'distinct' in measure
            ? sql<string>`count(distinct ${sql.ref(measure.distinct)})`
            : sql<string>`coalesce(sum(${measure.sum}), 0)`;
        let q = trx
          .selectFrom(table)
          .select(value.as('n'))
          .where('tenant_id', '=', tenantId)
          .where(place(table))
          .where('is_deleted', '=', 0);
        for (const [column, op, v] of where) q = q.where(column, op, v as never);
        return q.as(name);
      }),
    )
    .executeTakeFirst();
  const values = (row ?? {}) as Record<string, unknown>;
  return Object.fromEntries(entries.map(([name]) => [name, Number(values[name] ?? 0)])) as Record<K, number>;
}
