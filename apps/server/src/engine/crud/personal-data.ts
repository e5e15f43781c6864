/** Personal data in the engine's answers and writes (the `sensitive` fields of a definition,
 * @tongxin/resources privacy.ts): masked in every answer but the audited reveal and a sensitive export,
 * matched by whole values only for callers who may not reveal them, and never overwritten by its own
 * mask on a write. */
import {
  columnOf,
  isMaskOf,
  looksMasked,
  maskRow,
  maskSnapshot,
  type ComparedKey,
  type FieldDef,
  type ResourceDef,
} from '@tongxin/resources';
import type { AuthUser } from '../../auth/tokens.js';
import type { Row } from '../../db/database.js';
import { badRequest } from '../../http/envelope.js';
import type { QueryFields } from '../../http/list-query.js';

export const maskRefused = (f: FieldDef) => badRequest(`${f.label.zh}格式不正确`);

/** Masks the sensitive values of wire rows in place. A record residents file for themselves (`own`)
 * stays whole for its owner: it is their own data. */
export function maskAnswer(
  def: ResourceDef,
  user: Pick<AuthUser, 'userId'>,
  rows: Record<string, unknown>[],
  fields: readonly FieldDef[],
): void {
  if (!fields.length) return;
  const owner = def.own?.field;
  for (const row of rows) {
    if (owner && String(row[owner] ?? '') === user.userId) continue;
    maskRow(row, fields);
  }
}

/** The filter allow-list with the sensitive fields matched by whole values only (QueryField.exact). */
export function wholeValueFields(fields: QueryFields, sensitive: readonly FieldDef[]): QueryFields {
  const names = new Set(sensitive.map((f) => f.name));
  return Object.fromEntries(
    Object.entries(fields).map(([name, f]) => [name, names.has(name) ? { ...f, exact: true } : f]),
  );
}

/** A masked value sent back: the field, what was sent, and for a snapshot (`compare`) its keys. */
interface SentMask {
  field: FieldDef;
  sent: string;
  keys?: readonly ComparedKey[];
}
export type SentMasks = SentMask[];

/** Takes the masked values out of the body of a change before validation, to be compared with the
 * stored values in its transaction (`keepMasked`): a sensitive field's mask, and a snapshot of a
 * `compare` field (either side) holding masked keys. A new record never takes a mask: validation
 * refuses one (validate.ts), so an export's masked sheet cannot be imported as real values. */
export function takeMasks(
  fields: readonly FieldDef[],
  body: Record<string, unknown>,
): { body: Record<string, unknown>; masks: SentMasks } {
  const masks: SentMasks = [];
  for (const f of fields) {
    if (f.sensitive) masks.push({ field: f, sent: body[f.name] as string });
    const keys = f.compare?.keys;
    if (!keys?.some((k) => k.sensitive)) continue;
    masks.push({ field: f, sent: body[f.name] as string, keys });
    const before = fields.find((b) => b.name === f.compare!.before);
    if (before) masks.push({ field: before, sent: body[before.name] as string, keys });
  }
  const sent = masks.filter((m) => looksMasked(m.sent));
  if (!sent.length) return { body, masks: [] };
  const rest = { ...body };
  for (const m of sent) delete rest[m.field.name];
  return { body: rest, masks: sent };
}

/** A masked value sent back unchanged keeps the stored value (nothing is written for it); any other
 * value holding a mask's stars is refused, so a mask never replaces a real value. */
export function keepMasked(masks: SentMasks | undefined, current: Row): void {
  for (const { field, sent, keys } of masks ?? []) {
    const stored = current[columnOf(field)];
    const kept = keys ? maskSnapshot(stored, keys) === sent : isMaskOf(field.sensitive!, sent, stored);
    if (!kept) throw maskRefused(field);
  }
}
