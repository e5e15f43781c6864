import {
  checkValue,
  columnOf,
  isBlank,
  isId,
  isNotNull,
  isWritable,
  looksMasked,
  requiredMessage,
  type ActionDef,
  type FieldDef,
  type ResourceDef,
} from '@tongxin/resources';
import { badRequest } from '../../http/envelope.js';
import { parseDateTime } from '../../util/datetime.js';
import { wholeNumber } from '../../util/whole-number.js';
import { sanitizeRichText } from './rich-text.js';

const labelOf = (f: FieldDef) => f.label.zh;

const REGION_PATH = /^\d{2,12}(,\d{2,12}){0,4}$/;

/** A present value coerced to its kind (numbers, dates, sanitised rich text, strings). The text rules
 * (named rule, length, range, pattern) follow in `checkValue`, shared with the UI's form rules. */
function coerce(f: FieldDef, v: unknown): string | number {
  const label = labelOf(f);
  switch (f.kind) {
    case 'int':
    case 'flag': {
      // digits only: "1e3", "5 ", [5] or true are not whole numbers, though Number() reads them as such
      const n = wholeNumber(v);
      if (n === undefined) throw badRequest(`${label}必须是整数`);
      if (f.kind === 'flag' && n !== 0 && n !== 1) throw badRequest(`${label}只能是0或1`);
      return n;
    }
    case 'decimal': {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n)) throw badRequest(`${label}必须是数字`);
      return String(v);
    }
    case 'long':
    case 'parent': {
      const s = String(v);
      if (!(s === '0' || isId(s))) throw badRequest(`${label}格式不正确`);
      return s;
    }
    case 'date':
    case 'datetime': {
      const d = typeof v === 'string' ? parseDateTime(v) : undefined;
      if (!d) throw badRequest(`${label}的日期格式应为 yyyy-MM-dd HH:mm:ss`);
      return f.kind === 'date' ? d.slice(0, 10) : d;
    }
    case 'richtext':
      return sanitizeRichText(String(v));
    case 'region':
      // the cascader's path of region codes, province first, comma-joined
      if (!REGION_PATH.test(String(v))) throw badRequest(`${label}格式不正确`);
      return String(v);
    default:
      // a multiple reference may arrive as an array of ids; it is stored comma-joined
      if (f.ref?.multiple && Array.isArray(v)) return v.map(String).join(',');
      if (typeof v === 'object') return JSON.stringify(v);
      return String(v);
  }
}

/** An empty value of a field: NULL, or for a NOT NULL column (`nullable: false`) its default, else the
 * field's required message (the column cannot hold NULL; never a database error). */
function emptyValue(f: FieldDef): unknown {
  if (!isNotNull(f)) return null;
  if (f.defaultValue !== undefined) return f.defaultValue;
  throw badRequest(requiredMessage(f).zh);
}

/** Validates a submitted body against the definition and returns column → value for the writable
 * fields present. Unknown keys are ignored (as BladeX does); every rule failure is a 400 in Chinese. */
export function validateBody(
  def: ResourceDef,
  body: Record<string, unknown>,
  isNew: boolean,
): Record<string, unknown> {
  return validateFields(def.fields, body, isNew);
}

/** The values an action's dialog asked for (`ActionDef.inputs`), from the call's parameters, checked by
 * each input field's rules as a form field is: field name → value (null when left empty). */
export function validateInputs(action: ActionDef, params: Record<string, unknown>): Record<string, unknown> {
  const inputs = action.inputs ?? [];
  const values = validateFields(inputs, params, true);
  return Object.fromEntries(inputs.map((f) => [f.name, values[columnOf(f)] ?? null]));
}

function validateFields(
  fields: FieldDef[],
  body: Record<string, unknown>,
  isNew: boolean,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    if (!isWritable(f)) continue;
    const present = Object.hasOwn(body, f.name);
    const v = body[f.name];
    if (f.required && (isNew || present) && isBlank(v)) throw badRequest(requiredMessage(f).zh);
    if (!present) {
      // a new row gets the field's default; a NOT NULL column without one is asked for
      if (isNew && f.defaultValue !== undefined) values[columnOf(f)] = f.defaultValue;
      else if (isNew && isNotNull(f)) throw badRequest(requiredMessage(f).zh);
      continue;
    }
    if (isBlank(v)) {
      values[columnOf(f)] = emptyValue(f);
      continue;
    }
    // a mask's stars are never a value (a masked change sent back is kept before this, personal-data.ts)
    if (f.sensitive && looksMasked(v)) throw badRequest(`${labelOf(f)}格式不正确`);
    const checked = checkValue(f, coerce(f, v));
    if (checked.problem) throw badRequest(checked.problem.zh);
    values[columnOf(f)] = checked.value;
  }
  return values;
}
