import { columnOf, type FieldDef, type ResourceDef } from '@tongxin/resources';
import { badRequest } from '../http/envelope.js';
import { isId } from '../db/ids.js';
import { parseDateTime } from '../util/datetime.js';
import { sanitizeRichText } from './rich-text.js';

const empty = (v: unknown) => v === undefined || v === null || v === '';
const labelOf = (f: FieldDef) => f.label.zh;

const PHONE = /^1[3-9]\d{9}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ID_CARD = /^\d{17}[\dXx]$/;
const REGION_PATH = /^\d{2,12}(,\d{2,12}){0,4}$/;

function checkKind(f: FieldDef, v: unknown): unknown {
  const label = labelOf(f);
  if (f.kind === 'ref' && f.ref?.multiple) {
    // A comma-joined id list (user roles, package menus): each id checked, duplicates dropped.
    const ids = (Array.isArray(v) ? v.map(String) : String(v).split(','))
      .map((x) => x.trim())
      .filter(Boolean);
    if (!ids.every((x) => isId(x))) throw badRequest(`${label}格式不正确`);
    return [...new Set(ids)].join(',');
  }
  switch (f.kind) {
    case 'int':
    case 'flag': {
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isInteger(n)) throw badRequest(`${label}必须是整数`);
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
    case 'phone':
      if (!PHONE.test(String(v))) throw badRequest(`${label}格式不正确`);
      return String(v);
    case 'email':
      if (!EMAIL.test(String(v))) throw badRequest(`${label}格式不正确`);
      return String(v);
    case 'idcard':
      if (!ID_CARD.test(String(v))) throw badRequest(`${label}格式不正确`);
      return String(v).toUpperCase();
    case 'richtext':
      return sanitizeRichText(String(v));
    case 'region':
      // the cascader's path of region codes, province first, comma-joined
      if (!REGION_PATH.test(String(v))) throw badRequest(`${label}格式不正确`);
      return String(v);
    default:
      if (typeof v === 'object') return JSON.stringify(v);
      return String(v);
  }
}

/** Validates a submitted body against the definition and returns column → value for the writable
 * fields present. Unknown keys are ignored (as BladeX does); every rule failure is a 400 in Chinese. */
export function validateBody(
  def: ResourceDef,
  body: Record<string, unknown>,
  isNew: boolean,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.form === false) continue;
    const present = Object.hasOwn(body, f.name);
    const v = body[f.name];
    if (f.required && (isNew || present) && (empty(v) || (typeof v === 'string' && !v.trim()))) {
      throw badRequest(typeof f.required === 'string' ? f.required : `请输入${labelOf(f)}`);
    }
    if (!present) {
      if (isNew && f.defaultValue !== undefined) values[columnOf(f)] = f.defaultValue;
      continue;
    }
    if (empty(v)) {
      values[columnOf(f)] = null;
      continue;
    }
    const value = checkKind(f, v);
    if (typeof value === 'string' && f.maxLength && [...value].length > f.maxLength) {
      throw badRequest(`${labelOf(f)}长度不能超过${f.maxLength}个字符`);
    }
    if (
      typeof value === 'number' &&
      ((f.min !== undefined && value < f.min) || (f.max !== undefined && value > f.max))
    ) {
      throw badRequest(`${labelOf(f)}必须在${f.min ?? '-∞'}到${f.max ?? '+∞'}之间`);
    }
    if (f.pattern && !new RegExp(f.pattern.regex).test(String(value))) throw badRequest(f.pattern.message);
    values[columnOf(f)] = value;
  }
  return values;
}
