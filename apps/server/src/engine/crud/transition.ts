/** The one primitive that moves a record's state (docs/architecture.md#states-and-transitions): an
 * action's effect, a time passing, an approval outcome and a verb all come here. In the caller's
 * transaction it locks the record (SELECT … FOR UPDATE), checks its from-state, writes the move with the
 * update columns stamped and the version bumped, and notes it in 操作审计 (before and after, the actor:
 * the system actor for time) for the log once the transaction committed. */
import {
  type EffectValue,
  type ResourceDef,
  type StateCondition,
  type TransitionDef,
} from '@tongxin/resources';
import { sql } from 'kysely';
import type { Row, Trx } from '../../db/database.js';
import { notFound } from '../../http/envelope.js';
import { formatDateTime } from '../../util/datetime.js';
import type { AuditActor, AuditTrail } from './audit-trail.js';
import { lapsed, stateColumnOf } from './time-states.js';

/** A condition on a column: it holds one of `in` (compared as text). */
export interface ColumnCondition {
  column: string;
  in: string[];
}

/** A transition resolved to columns: what the record must hold, what is written. */
export interface ColumnMove {
  /** the state column and the states the record must be in (absent: any) */
  from?: ColumnCondition;
  /** a further condition on the record */
  when?: ColumnCondition;
  /** the columns written and their values */
  set: Row;
  /** Also store the state the record's times give once moved (time-states.ts `lapsed`): a published
   * activity whose enrolment opened already is 报名中 at once. */
  settle?: boolean;
}

/** Who moves the record and where the move is noted. */
export interface MoveTarget {
  def: ResourceDef;
  id: string;
  actor: AuditActor;
  /** 操作审计 of the resource (absent: not noted, as a demo seed's rows) */
  trail?: AuditTrail;
  /** runs `fn` once the caller's transaction committed (Database.afterCommit) */
  onCommit?: (fn: () => void) => void;
}

/** The record before and after the move, or the record that was not in a from-state. */
export type MoveResult = { before: Row; after: Row } | { refused: Row; condition: ColumnCondition };

const holds = (row: Row, c: ColumnCondition | undefined) =>
  !c || c.in.includes(String(row[c.column] ?? ''));

/** Moves one record (the primitive): see the file's comment. */
export async function moveRecord(trx: Trx, target: MoveTarget, move: ColumnMove): Promise<MoveResult> {
  const { def, id, actor } = target;
  let q = trx.selectFrom(def.table).selectAll().where('id', '=', id);
  if (def.softDelete) q = q.where('is_deleted', '=', 0);
  const before = (await q.forUpdate().executeTakeFirst()) as Row | undefined;
  if (!before) throw notFound();
  for (const condition of [move.from, move.when])
    if (condition && !holds(before, condition)) return { refused: before, condition };
  const now = formatDateTime();
  const values: Row = { ...move.set };
  if (def.audit && 'update_time' in before) {
    values.update_time = now;
    if (actor.userId && 'update_user' in before) values.update_user = actor.userId;
  }
  if (move.settle) {
    const settled = lapsed(def, { ...before, ...values }, now);
    for (const [column, value] of Object.entries(settled))
      if (String(value ?? '') !== String({ ...before, ...values }[column] ?? '')) values[column] = value;
  }
  const changes: Row = { ...values };
  if (def.version !== false && before.version !== undefined) changes.version = sql`version + 1`;
  const after = (await trx
    .updateTable(def.table)
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
  if (target.trail) {
    const noted = Object.fromEntries(Object.keys(changes).map((k) => [k, after[k]]));
    target.trail.note(trx, actor, 'verb', id, before, noted);
    const trail = target.trail;
    target.onCommit?.(() => trail.committed(trx));
  }
  return { before, after };
}

/** What a caller gives a transition besides the record: the reason asked for, the values of its inputs. */
export interface TransitionInput {
  reason?: string | null;
  values?: Row;
}

const valueOf = (value: EffectValue, actor: AuditActor, input: TransitionInput, now: string): unknown =>
  value === '$now'
    ? now
    : value === '$user'
      ? actor.userId || null
      : value === '$reason'
        ? (input.reason ?? null)
        : value;

const conditionOf = (def: ResourceDef, c: StateCondition): ColumnCondition => ({
  column: stateColumnOf(def, c.field),
  in: c.in.map(String),
});

/** A definition's transition resolved to columns for `actor` (an unknown field fails). */
export function columnMoveOf(
  def: ResourceDef,
  t: TransitionDef,
  actor: AuditActor,
  input: TransitionInput = {},
): ColumnMove {
  const now = formatDateTime();
  const set: Row = { [stateColumnOf(def, t.field)]: t.to };
  for (const [field, value] of Object.entries(t.set ?? {}))
    set[stateColumnOf(def, field)] = valueOf(value, actor, input, now);
  for (const [column, value] of Object.entries(input.values ?? {})) set[column] = value;
  return {
    ...(t.from ? { from: conditionOf(def, { field: t.field, in: t.from }) } : {}),
    ...(t.when ? { when: conditionOf(def, t.when) } : {}),
    set,
  };
}
