/** A definition's `lapses` (define.ts LapseDef): states a row reaches when a time of its own passes. The
 * server keeps them stored, so a list filtered by the state, its label, exports and statistics all read
 * the same value: every minute, per definition and tenant, each lapse locks the rows whose time has
 * passed and moves them with one conditional UPDATE (in order, so a row may pass several lapses in one
 * sweep), notes each move in 操作审计 as a state change by 系统, and hands the moved rows to the
 * resource's behaviour (`lapsed`: the borrower told of an overdue loan) in the same transaction. The
 * condition re-checked under the row lock makes each move happen once, however many instances sweep at
 * the same time. */
import { columnOf, hasProcess, type LapseDef, type ResourceDef } from '@tongxin/resources';
import { sql, type SqlBool } from 'kysely';
import type { EngineContext } from './engine-context.js';
import { PLATFORM_TENANT, type Row, type Trx } from '../../db/database.js';
import { formatDateTime } from '../../util/datetime.js';
import { AuditTrail, systemActor } from './audit-trail.js';
import { secretColumns } from './query-fields.js';

const EVERY_MS = 60_000;
const FIRST_MS = 5_000;
/** Approval columns a lapse's `when` may name on a resource with a process. */
const APPROVAL_COLUMNS: Record<string, string> = { auditStatus: 'audit_status' };

/** What a resource's behaviour is told of the rows a lapse moved (ResourceModule.lapsed). */
export interface LapseArgs {
  trx: Trx;
  ctx: EngineContext;
  tenantId: string;
}
export type LapseHandler = (args: LapseArgs, lapse: LapseDef, rows: Row[]) => Promise<void>;

/** What the sweep needs of a resource module (engine/module.ts): its definition and its `lapsed`. */
export interface LapsingModule {
  def: ResourceDef;
  lapsed?: LapseHandler;
}

/** A lapse with its columns resolved (an unknown field fails at startup, not in the sweep). */
interface Resolved {
  lapse: LapseDef;
  state: string;
  at: string;
  when?: { column: string; in: string[] };
}

function resolve(def: ResourceDef): Resolved[] {
  const columnFor = (field: string) => {
    const f = def.fields.find((x) => x.name === field);
    if (f) return columnOf(f);
    if (hasProcess(def) && APPROVAL_COLUMNS[field]) return APPROVAL_COLUMNS[field];
    throw new Error(`${def.name}: a lapse names ${field}, which is not a field`);
  };
  return (def.lapses ?? []).map((lapse) => ({
    lapse,
    state: columnFor(lapse.field),
    at: columnFor(lapse.at),
    when: lapse.when && { column: columnFor(lapse.when.field), in: lapse.when.in.map(String) },
  }));
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** `row` (stored columns) as it stands at `now` once every lapse of `def` that applies has moved it:
 * what the sweep would make of it, for writes that set a row's times or state themselves (an approval,
 * an edit of the times). Times compare as text (`yyyy-MM-dd HH:mm:ss`). */
export function lapsed(def: ResourceDef, row: Row, now: string): Row {
  const current = { ...row };
  for (const r of resolve(def)) {
    const at = text(current[r.at]);
    if (!r.lapse.from.map(String).includes(text(current[r.state]))) continue;
    if (r.when && !r.when.in.includes(text(current[r.when.column]))) continue;
    if (at && at < now) current[r.state] = r.lapse.to;
  }
  return current;
}

/** The condition of rows `r` moves at `now`. */
const due = (r: Resolved, now: string) => {
  const parts = [
    sql`${sql.ref(r.state)} in (${sql.join(r.lapse.from.map((v) => sql`${String(v)}`))})`,
    sql`${sql.ref(r.at)} < cast(${now} as timestamp)`,
  ];
  if (r.when) parts.push(sql`${sql.ref(r.when.column)} in (${sql.join(r.when.in.map((v) => sql`${v}`))})`);
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
};

/** The columns a move writes beside the state (the update time, the version). */
function moveValues(def: ResourceDef, r: Resolved, now: string): Row {
  return {
    [r.state]: r.lapse.to,
    ...(def.audit ? { update_time: now } : {}),
    ...(def.version === false ? {} : { version: sql`version + 1` }),
  };
}

/** The rows of `tenantId` that `r` moves at `now` (never a removed one). */
function movable(def: ResourceDef, r: Resolved, tenantId: string, now: string) {
  const parts = [due(r, now)];
  if (def.tenant) parts.push(sql<SqlBool>`tenant_id = ${tenantId}`);
  if (def.softDelete) parts.push(sql<SqlBool>`is_deleted = 0`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

/** Moves the rows `r` finds due in `tenantId`: locks them and reads what the move changes (for 操作审计),
 * then updates them; answers the moved rows and their values before. */
async function move(trx: Trx, def: ResourceDef, r: Resolved, tenantId: string, values: Row, now: string) {
  const rows = movable(def, r, tenantId, now);
  const locked = await trx
    .selectFrom(def.table)
    .select(['id', ...Object.keys(values)])
    .where(() => rows)
    .forUpdate()
    .execute();
  const moved = (await trx
    .updateTable(def.table)
    .set(values)
    .where(() => rows)
    .returningAll()
    .execute()) as Row[];
  return { rows: moved, before: new Map(locked.map((row) => [String(row.id), row as Row])) };
}

/** One definition's sweep in one tenant: its lapses in order, each moving its due rows; every move is
 * noted in 操作审计 as a state change by the server once the sweep's transaction committed. */
async function sweepTenant(ctx: EngineContext, module: LapsingModule, tenantId: string, now: string) {
  const { def } = module;
  const audit = new AuditTrail(def, secretColumns(def), ctx.logs);
  const actor = systemActor(tenantId);
  let moved = 0;
  let used: Trx | undefined;
  await ctx.db.tx({ tenantId }, async (trx) => {
    used = trx;
    for (const r of resolve(def)) {
      const values = moveValues(def, r, now);
      const { rows, before } = await move(trx, def, r, tenantId, values, now);
      moved += rows.length;
      for (const row of rows) {
        const after = Object.fromEntries(Object.keys(values).map((k) => [k, row[k]]));
        audit.note(trx, actor, 'verb', String(row.id), before.get(String(row.id)), after);
      }
      if (rows.length) await module.lapsed?.({ trx, ctx, tenantId }, r.lapse, rows);
    }
  });
  if (used) audit.committed(used);
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
