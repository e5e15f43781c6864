/** Personal data: how the values of `sensitive` fields are masked, shared by the server (every answer
 * of the resource engine, exports, hand-written answers) and the UI (which shows what it receives and
 * offers 查看 to holders of the reveal button). Pure functions, no I/O. */
import {
  buttonCodes,
  refNameField,
  type ComparedKey,
  type FieldDef,
  type ResourceDef,
  type SensitiveKind,
} from './define';

/** The mask of a special category (ethnicity, religion, political status), and of anything too short to
 * show a part of. */
export const CATEGORY_MASK = '***';
/** What stands for the hidden end of an address. */
const ADDRESS_TAIL = '****';

const stars = (n: number) => '*'.repeat(Math.max(n, 0));

/** Keeps the first `head` and last `tail` characters, a star for every one between. */
function keepEnds(chars: string[], head: number, tail: number): string {
  return (
    chars.slice(0, head).join('') +
    stars(chars.length - head - tail) +
    chars.slice(chars.length - tail).join('')
  );
}

/** An identity document number: an 18- or 15-digit resident identity number keeps its first 4 and last
 * 4 characters (`5401**********2111`); a shorter document number (a passport) its first and last. */
export function maskIdCard(value: string): string {
  const chars = [...value.trim()];
  if (chars.length >= 12) return keepEnds(chars, 4, 4);
  if (chars.length >= 4) return keepEnds(chars, 1, 1);
  return CATEGORY_MASK;
}

/** A phone number: a mobile keeps its first 3 and last 4 digits (`139****4048`), a landline with its
 * area code likewise (`089*****0101`); a short number keeps its last 2. */
export function maskPhone(value: string): string {
  const chars = [...value.trim()];
  if (chars.length >= 11) return keepEnds(chars, 3, 4);
  if (chars.length >= 7) return keepEnds(chars, 0, 2);
  return CATEGORY_MASK;
}

/** An address keeps its first part, up to its first digit (the community, the street: `八廓街道冲赛康社区
 * ****`), or its first half when it holds no digit (or starts with one); the rest (building, unit, room,
 * house number) becomes four stars whatever its length. */
export function maskAddress(value: string): string {
  const chars = [...value.trim()];
  if (chars.length <= 2) return ADDRESS_TAIL;
  const digit = chars.findIndex((c) => c >= '0' && c <= '9');
  const half = Math.ceil(chars.length / 2);
  const cut = digit >= 2 ? digit : half;
  return chars.slice(0, cut).join('').trimEnd() + ADDRESS_TAIL;
}

/** The masked form of a value of a sensitive field; empty values stay empty. */
export function maskValue(kind: SensitiveKind, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return value;
  const text = String(value);
  switch (kind) {
    case 'idCard':
      return maskIdCard(text);
    case 'phone':
      return maskPhone(text);
    case 'address':
      return maskAddress(text);
    case 'category':
      return CATEGORY_MASK;
  }
}

/** Whether `sent` is what the mask of `stored` looks like: a form returning a masked value it was given
 * (the value is kept, never overwritten by its mask). */
export const isMaskOf = (kind: SensitiveKind, sent: unknown, stored: unknown): boolean =>
  typeof sent === 'string' && sent !== '' && maskValue(kind, stored) === sent;

/** Whether a sent value holds a mask's stars (a masked value can never be stored as a real one). */
export const looksMasked = (value: unknown): boolean => typeof value === 'string' && value.includes('*');

/** Whether a `compare` field's snapshots hold sensitive keys (a profile change's phone). */
const comparesSensitive = (f: FieldDef): boolean => Boolean(f.compare?.keys.some((k) => k.sensitive));

/** The sensitive fields of a definition: those marked `sensitive`, and `compare` fields whose snapshots
 * hold sensitive keys (secret fields are never sent at all, so never among them). */
export const sensitiveFields = (def: Pick<ResourceDef, 'fields'>): FieldDef[] =>
  def.fields.filter((f) => !f.secret && (f.sensitive || comparesSensitive(f)));

/** Whether a definition holds personal data it masks. */
export const hasSensitiveFields = (def: Pick<ResourceDef, 'fields'>): boolean =>
  sensitiveFields(def).length > 0;

/** The button codes revealing one record's sensitive values (the resource's own and its alias screens'). */
export const revealCodes = (def: ResourceDef): string[] => buttonCodes(def, 'reveal');

/** The button codes exporting sensitive columns unmasked. */
export const exportSensitiveCodes = (def: ResourceDef): string[] => buttonCodes(def, 'export_sensitive');

/** Masks the values of `fields` (sensitiveFields) in one wire row, in place: a special category's
 * label a decorator adds beside it too (`religionName`), and a `compare` field's sensitive keys in both
 * of its snapshots. */
export function maskRow(row: Record<string, unknown>, fields: readonly FieldDef[]): void {
  for (const f of fields) {
    if (f.compare) {
      for (const name of [f.name, f.compare.before])
        if (name in row) row[name] = maskSnapshot(row[name], f.compare.keys);
    }
    if (!f.sensitive || !(f.name in row)) continue;
    row[f.name] = maskValue(f.sensitive, row[f.name]);
    const label = refNameField(f.name);
    if (f.sensitive === 'category' && label in row) row[label] = maskValue('category', row[label]);
  }
}

/** Masks the sensitive keys of a JSON snapshot (a profile change's before/after, `compare` fields);
 * text that is not a JSON object is left as it is. */
export function maskSnapshot(json: unknown, keys: readonly ComparedKey[]): unknown {
  if (typeof json !== 'string' || !json.startsWith('{')) return json;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return json;
  const snapshot = parsed as Record<string, unknown>;
  for (const k of keys)
    if (k.sensitive && k.name in snapshot) snapshot[k.name] = maskValue(k.sensitive, snapshot[k.name]);
  return JSON.stringify(snapshot);
}
