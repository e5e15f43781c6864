/** Personal data in the engine's answers and writes (the `sensitive` fields of a definition,
 * @tongxin/resources privacy.ts): masked in every answer but the audited reveal and a sensitive export,
 * matched by whole values only for callers who may not reveal them, and never overwritten by its own
 * mask on a write. */
import {
  columnOf,
  isMaskOf,
  looksMasked,
  maskRow,
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

/** A masked value sent back for a sensitive field, to be checked against the stored one. */
export type SentMasks = Map<FieldDef, string>;

/** Takes the masked values out of the body of a change before validation, to be compared with the
 * stored values in its transaction (`keepMasked`). A new record never takes a mask: validation refuses
 * one (validate.ts), so an export's masked sheet cannot be imported as real values. */
export function takeMasks(
  sensitive: readonly FieldDef[],
  body: Record<string, unknown>,
): { body: Record<string, unknown>; masks: SentMasks } {
  const masks: SentMasks = new Map();
  let rest = body;
  for (const f of sensitive) {
    const sent = body[f.name];
    if (!f.sensitive || !looksMasked(sent)) continue;
    if (rest === body) rest = { ...body };
    delete rest[f.name];
    masks.set(f, sent as string);
  }
  return { body: rest, masks };
}

/** A masked value sent back unchanged keeps the stored value (nothing is written for it); any other
 * value holding a mask's stars is refused, so a mask never replaces a real value. */
export function keepMasked(masks: SentMasks | undefined, current: Row): void {
  for (const [f, sent] of masks ?? [])
    if (!isMaskOf(f.sensitive!, sent, current[columnOf(f)])) throw maskRefused(f);
}
