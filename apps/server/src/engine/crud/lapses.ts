/** A definition's `lapses` (define.ts LapseDef): states a row reaches when a time of its own passes. The
 * server keeps them stored, so a list filtered by the state, its label, exports and statistics all read
 * the same value: every minute, per definition and tenant, each lapse locks the rows whose time has
 * passed and moves them with one conditional UPDATE (in order, so a row may pass several lapses in one
 * sweep), notes each move in 操作审计 as a state change by 系统, and hands the moved rows to the
 * resource's behaviour (`lapsed`: the borrower told of an overdue loan) in the same transaction. The
 * condition re-checked under the row lock makes each move happen once, however many instances sweep at
 * the same time. */
import { type LapseDef, lapseTransition, type ResourceDef } from '@tongxin/resources';
import { sql, type SqlBool } from 'kysely';
import type { EngineContext } from './engine-context.js';
import { PLATFORM_TENANT, type Row, type Trx } from '../../db/database.js';
import { formatDateTime } from '../../util/datetime.js';
import { AuditTrail, systemActor } from './audit-trail.js';
import type { ResourceHooks } from './hooks.js';
import { secretColumns } from './query-fields.js';
import { lapsed, type ResolvedLapse as Resolved, resolveLapses as resolve } from './time-states.js';
import { moveRecord } from './transition.js';

export { lapsed };

/** What a resource's behaviour is told of the rows a lapse moved (ResourceModule.lapsed). */
export interface LapseArgs {
  trx: Trx;
  ctx: EngineContext;
  tenantId: string;
}
export type LapseHandler = (args: LapseArgs, lapse: LapseDef, rows: Row[]) => Promise<void>;

/** What the sweep needs of a resource module (engine/module.ts): its definition, its `lapsed` and its
 * `afterTransition` hook. */
export interface LapsingModule {
  def: ResourceDef;
  lapsed?: LapseHandler;
  hooks?: Pick<ResourceHooks, 'afterTransition'>;
}

const EVERY_MS = 60_000;
const FIRST_MS = 5_000;
/** The condition of rows `r` moves at `now`. */
const due = (r: Resolved, now: string) => {
  const parts = [
    sql`${sql.ref(r.state)} in (${sql.join(r.lapse.from.map((v) => sql`${String(v)}`))})`,
    sql`${sql.ref(r.at)} < cast(${now} as timestamp)`,
  ];
  if (r.when) parts.push(sql`${sql.ref(r.when.column)} in (${sql.join(r.when.in.map((v) => sql`${v}`))})`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
};

/** The rows of `tenantId` that `r` moves at `now` (never a removed one). */
function movable(def: ResourceDef, r: Resolved, tenantId: string, now: string) {
  const parts = [due(r, now)];
  if (def.tenant) parts.push(sql<SqlBool>`tenant_id = ${tenantId}`);
  if (def.softDelete) parts.push(sql<SqlBool>`is_deleted = 0`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** One definition's sweep in one tenant: its lapses in order, each moving its due rows, one by one,
 * through the one primitive (transition.ts: lock, from-state, update columns, version, 操作审计 as a
 * state change by 系统), then the resource's `afterTransition` and `lapsed`. */
async function sweepTenant(ctx: EngineContext, module: LapsingModule, tenantId: string, now: string) {
  const { def } = module;
  const trail = new AuditTrail(def, secretColumns(def), ctx.logs);
  const actor = systemActor(tenantId);
  let moved = 0;
  let used: Trx | undefined;
  await ctx.db.tx({ tenantId }, async (trx) => {
    used = trx;
    for (const r of resolve(def)) {
      const due = await trx
        .selectFrom(def.table)
        .select('id')
        .where(() => movable(def, r, tenantId, now))
        .orderBy('id')
        .forUpdate()
        .execute();
      const rows: Row[] = [];
      const t = lapseTransition(r.lapse);
      for (const { id } of due) {
        const move = await moveRecord(
          trx,
          { def, id: String(id), actor, trail },
          { from: { column: r.state, in: r.lapse.from.map(String) }, when: r.when, set: { [r.state]: r.lapse.to } },
        );
        if ('refused' in move) continue;
        await module.hooks?.afterTransition?.({ trx, ctx, actor }, t, move.before, move.after);
        rows.push(move.after);
      }
      moved += rows.length;
      if (rows.length) await module.lapsed?.({ trx, ctx, tenantId }, r.lapse, rows);
    }
  });
  if (used) trail.committed(used);
  return moved;
}

/** Moves every row whose time has passed, in every tenant; answers how many moves were made. */
export async function sweepLapses(
  ctx: EngineContext,
  modules: readonly LapsingModule[],
  now = formatDateTime(),
): Promise<number> {
  let moved = 0;
  for (const module of modules) {
    const resolved = resolve(module.def);
    if (!resolved.length) continue;
    const { def } = module;
    // the tenants with something to move, read across tenants; each is then moved as itself
    const tenants = def.tenant
      ? await ctx.db.read({ tenantId: PLATFORM_TENANT, allTenants: true }, async (trx) => {
          let q = trx
            .selectFrom(def.table)
            .select('tenant_id')
            .distinct()
            .where(
              () =>
                sql<SqlBool>`(${sql.join(
                  resolved.map((r) => due(r, now)),
                  sql` or `,
                )})`,
            );
          if (def.softDelete) q = q.where('is_deleted', '=', 0);
          return (await q.execute()).map((t) => String(t.tenant_id));
        })
      : [PLATFORM_TENANT];
    for (const tenantId of tenants) moved += await sweepTenant(ctx, module, tenantId, now);
  }
  return moved;
}

/** Sweeps shortly after start (a server that was down catches up) and then every minute; a failure is
 * logged and retried next time. `stop` waits for a sweep in flight. */
export function startLapseSweeps(
  ctx: EngineContext,
  modules: readonly LapsingModule[],
): { stop: () => Promise<void> } {
  const lapsing = modules.filter((m) => resolve(m.def).length);
  if (!lapsing.length) return { stop: async () => undefined };
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = sweepLapses(ctx, lapsing)
      .catch((err: unknown) => ctx.logs.logger?.warn({ err }, 'lapse sweep failed'))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(run, FIRST_MS).unref();
  const timer = setInterval(run, EVERY_MS).unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
