import { refNameField, type ComparedKey, type FieldDef } from '@tongxin/resources';
import type { Row } from './wire';

/** A snapshot field's JSON object (an empty one for anything else). */
export function parseSnapshot(value: unknown): Row {
  if (value && typeof value === 'object' && !Array.isArray(value)) return value as Row;
  if (typeof value !== 'string' || !value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Row) : {};
  } catch {
    return {};
  }
}

export const textOf = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export interface ComparedRow {
  key: ComparedKey;
  changed: boolean;
}

/** The keys of a `compare` field either snapshot of the row holds, each marked changed when the two
 * values differ (as text). */
export function comparedRows(field: FieldDef, row: Row): { before: Row; after: Row; rows: ComparedRow[] } {
  const before = parseSnapshot(row[field.compare!.before]);
  const after = parseSnapshot(row[field.name]);
  const rows = field
    .compare!.keys.filter((k) => k.name in before || k.name in after)
    .map((key) => ({ key, changed: textOf(before[key.name]) !== textOf(after[key.name]) }));
  return { before, after, rows };
}

/** A `compare` field in a table cell: `label: before → after` per changed key, as text. */
export function comparisonText(field: FieldDef, row: Row, label: (l: ComparedKey['label']) => string) {
  const { before, after, rows } = comparedRows(field, row);
  const shown = (snapshot: Row, k: ComparedKey) =>
    textOf((k.kind === 'ref' ? snapshot[refNameField(k.name)] : undefined) ?? snapshot[k.name]);
  return rows
    .filter((r) => r.changed)
    .map((r) => `${label(r.key.label)}: ${shown(before, r.key)} → ${shown(after, r.key)}`)
    .join('; ');
}
