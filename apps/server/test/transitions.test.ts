import {
  columnOf,
  type FieldDef,
  type ResourceDef,
  type TransitionDef,
  transitionsOf,
} from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Row } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { defaultDomains } from '../src/domains/index.js';
import type { AuditActor } from '../src/engine/crud/audit-trail.js';
import { stateColumnOf } from '../src/engine/crud/time-states.js';
import { formatDateTime } from '../src/util/datetime.js';
import { startTestServer, type TestServer } from './harness.js';

// Every transition of every served definition (transitionsOf: its effect actions, its lapses, its
// declared approval and verb transitions), looped over the definitions rather than listed: fired
// through the one primitive (ResourceEngine.transition) on a record put in a valid from-state, it moves
// the state, bumps the version and leaves one 操作审计 entry naming the actor, with the state before and
// after, once the transaction committed.

let s: TestServer;
let actor: AuditActor;
const audited: Row[] = [];
const TENANT = '000000';

const defs = defaultDomains
  .flatMap((d) => d.resources.map((m) => m.def))
  .filter((def) => transitionsOf(def).length);

beforeAll(async () => {
  s = await startTestServer();
  const admin = await s.db.kysely
    .selectFrom('blade_user')
    .select(['id', 'account'])
    .where('tenant_id', '=', TENANT)
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  actor = { userId: String(admin.id), tenantId: TENANT, account: String(admin.account) };
  const push = s.ctx.logs.push.bind(s.ctx.logs);
  s.ctx.logs.push = (table: Parameters<typeof push>[0], row: Row) => {
    if (table === 'blade_log_audit') audited.push(row);
    return push(table, row);
  };
});
afterAll(() => s?.close());

/** The columns of a table: type, length, whether a value is needed. */
async function columnsOf(table: string) {
  const { rows } = await sql<{
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    is_nullable: string;
    column_default: string | null;
  }>`select column_name, data_type, character_maximum_length, is_nullable, column_default
     from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(
    s.db.kysely,
  );
  return rows;
}

/** A stored value for a column of `type` (the field's first option, if it has options). */
function valueFor(type: string, length: number | null, f: FieldDef | undefined, n: number): unknown {
  if (f?.options) return f.options[0]!.value;
  if (type === 'bigint') return nextId();
  if (['integer', 'smallint', 'numeric', 'double precision', 'real'].includes(type)) return 1;
  if (type.startsWith('timestamp') || type === 'date') return formatDateTime();
  if (type === 'boolean') return true;
  // unique per row: some columns are unique per tenant (an id card, a facility's number)
  return `样${n}${nextId()}`.slice(-(length ?? 20));
}

/** Inserts a record of `def` with every field and every required column filled; its single references
 * name real records (one level deep), so a transition's side effects (a loan's units) find them. */
async function recordOf(def: ResourceDef, depth = 0): Promise<string> {
  const id = nextId();
  const byColumn = new Map(def.fields.map((f) => [columnOf(f), f]));
  const row: Row = { id };
  let n = 0;
  for (const c of await columnsOf(def.table)) {
    const f = byColumn.get(c.column_name);
    if (c.column_name === 'id' || (!f && (c.is_nullable === 'YES' || c.column_default !== null))) continue;
    const target =
      f?.kind === 'ref' && !f.ref?.multiple ? s.ctx.resources.find(f.ref!.resource)?.def : undefined;
    row[c.column_name] =
      target && depth === 0 && target.name !== def.name
        ? await recordOf(target, depth + 1)
        : valueFor(c.data_type, c.character_maximum_length, f, n++);
  }
  if (def.tenant) row.tenant_id = TENANT;
  if (def.softDelete) row.is_deleted = 0;
  await s.db.tx({ tenantId: TENANT }, (trx) => trx.insertInto(def.table).values(row).execute());
  return id;
}

/** The values that put a record in a from-state of `t` (its `when` met, its time passed). */
function fromState(def: ResourceDef, t: TransitionDef): Row {
  const values: Row = {};
  const to = String(t.to);
  const from = t.from?.find((v) => String(v) !== to) ?? t.from?.[0];
  // any state but the target when the transition takes any
  values[stateColumnOf(def, t.field)] = from ?? (to === '0' ? 1 : 0);
  if (t.when) values[stateColumnOf(def, t.when.field)] = t.when.in[0];
  if ('time' in t.on) values[stateColumnOf(def, t.on.time)] = formatDateTime(new Date(Date.now() - 60_000));
  return values;
}

describe('every transition of every definition', () => {
  const cases = defs.flatMap((def) =>
    transitionsOf(def).map((t) => [`${def.name}.${t.name}`, def, t] as const),
  );

  it('covers every kind of trigger', () => {
    const kinds = new Set(cases.map(([, , t]) => Object.keys(t.on)[0]));
    expect([...kinds].sort()).toEqual(['action', 'approval', 'time', 'verb']);
  });

  it.each(cases)('%s bumps the version and leaves an audit entry', async (_name, def, t) => {
    const engine = s.ctx.resources.named(def.name);
    const id = await recordOf(def);
    await s.db.tx({ tenantId: TENANT }, (trx) =>
      trx.updateTable(def.table).set(fromState(def, t)).where('id', '=', id).execute(),
    );
    const read = () =>
      s.db.kysely
        .selectFrom(def.table)
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow() as Promise<Row>;
    const before = await read();
    const seen = audited.length;
    await s.db.tx({ tenantId: TENANT }, (trx) =>
      engine.transition(trx, actor, id, t.name, { reason: `理由${nextId().slice(-4)}` }),
    );
    const after = await read();
    const state = stateColumnOf(def, t.field);
    expect(String(after[state])).toBe(String(t.to));
    if (def.version !== false) expect(Number(after.version)).toBe(Number(before.version) + 1);
    const entries = audited.slice(seen).filter((r) => r.record_id === id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'verb', user_id: actor.userId, table_name: def.table });
    expect(JSON.parse(String(entries[0]!.after_data))[state]).toEqual(after[state]);
    expect(JSON.parse(String(entries[0]!.before_data))[state]).toEqual(before[state]);
  });
});
