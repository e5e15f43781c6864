import { pageCount, readPaging, type Page, type Paging } from '@tongxin/resources';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Schema } from '../db/database.js';
import { toSnake } from '../util/case.js';
import { parseDateTime } from '../util/datetime.js';
import { badRequest } from './envelope.js';

export type QueryFieldType = 'string' | 'number' | 'id' | 'datetime';

/** A wire field a list call may filter or sort on. Anything not declared is refused with a 400. */
export interface QueryField {
  column: string;
  type: QueryFieldType;
  filter?: boolean;
  sort?: boolean;
  /** The filter suffixes accepted (`_equal`, ...; crud/filter-ops.ts); every suffix when absent. A bare
   * key is LIKE where `_like` is accepted, else equality. */
  ops?: ReadonlySet<string>;
  /** The column holds a comma-joined list of ids (a multiple reference, e.g. a user's depts). */
  list?: boolean;
  /** Matched by its whole value only (personal data for a caller who may not reveal it): a like of any
   * shape compares for equality (`_notlike` for inequality), and comparisons are refused, so a masked
   * value cannot be guessed a prefix or a range at a time. */
  exact?: boolean;
}
export type QueryFields = Record<string, QueryField>;

type Op = '=' | '<>' | '>' | '<' | '>=' | '<=' | 'like' | 'not like' | 'is null' | 'is not null';
type LikeShape = 'contains' | 'endsWith' | 'startsWith';

interface Suffix {
  op: Op;
  like?: LikeShape;
  date?: boolean;
  novalue?: boolean;
}

// The BladeX filter suffixes. Order matters only for readability: each suffix starts with "_" and no
// suffix is the tail of another, so the longest match is the only match.
export const SUFFIXES: Record<string, Suffix> = {
  _equal: { op: '=' },
  _notequal: { op: '<>' },
  _like: { op: 'like', like: 'contains' },
  _likeleft: { op: 'like', like: 'endsWith' },
  _likeright: { op: 'like', like: 'startsWith' },
  _notlike: { op: 'not like', like: 'contains' },
  _gt: { op: '>' },
  _lt: { op: '<' },
  _ge: { op: '>=' },
  _le: { op: '<=' },
  _dategt: { op: '>', date: true },
  _datelt: { op: '<', date: true },
  _datege: { op: '>=', date: true },
  _datele: { op: '<=', date: true },
  _dateequal: { op: '=', date: true },
  _null: { op: 'is null', novalue: true },
  _notnull: { op: 'is not null', novalue: true },
};
const SUFFIX_NAMES = Object.keys(SUFFIXES).sort((a, b) => b.length - a.length);
const RESERVED = new Set(['current', 'size', 'ascs', 'descs', 'blade-auth', 'ids', '_t']);

export interface Filter {
  column: string;
  op: Op;
  value?: string;
  cast?: boolean;
}
export interface Sort {
  column: string;
  direction: 'asc' | 'desc';
}
export interface ListQuery {
  current: number;
  size: number;
  filters: Filter[];
  sorts: Sort[];
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);
/** Only identifier-like keys are echoed back in messages; anything else is described, not repeated. */
export const shownKey = (key: string) => (/^[A-Za-z0-9_.-]{1,64}$/.test(key) ? key : '(非法参数名)');
const NUMBER = /^-?\d+(\.\d+)?$/;

/** The field name and suffix of a filter key; `suffix` is '' for a bare key. */
function splitKey(key: string): { field: string; suffix: string } {
  for (const name of SUFFIX_NAMES) {
    if (key.length > name.length && key.endsWith(name))
      return { field: key.slice(0, -name.length), suffix: name };
  }
  return { field: key, suffix: '' };
}

/** The operator of a key on a field, when the field accepts it (see QueryField.ops). */
function operatorOf(field: QueryField, suffix: string): Suffix | undefined {
  const accepts = (name: string) => !field.ops || field.ops.has(name);
  if (suffix === '') return SUFFIXES[accepts('_like') ? '_like' : '_equal'];
  return accepts(suffix) ? SUFFIXES[suffix] : undefined;
}

/** The whole-value form of an operator on an `exact` field; undefined for a comparison. */
function wholeValue(suffix: Suffix): Suffix | undefined {
  if (suffix.like) return { op: suffix.op === 'not like' ? '<>' : '=' };
  return suffix.novalue || suffix.op === '=' || suffix.op === '<>' ? suffix : undefined;
}

function lookup(fields: QueryFields, name: string): QueryField | undefined {
  if (Object.hasOwn(fields, name)) return fields[name];
  // BladeX clients also spell some keys in lower case (the party-member picker's `idcard` for idCard)
  const lower = name.toLowerCase();
  return Object.entries(fields).find(
    ([key, f]) => f.column === name || f.column === toSnake(name) || key.toLowerCase() === lower,
  )?.[1];
}

/** `current` and `size` of a list (rules/paging.ts); a bad one is a 400. */
export function paging(query: Record<string, unknown>, maxSize: number): Paging {
  const read = readPaging(query, maxSize);
  if (read.problem) throw badRequest(read.problem.zh);
  return read.paging;
}

/** Parses paging, sorting and BladeX filters against an allow-list. `extra` names parameters the
 * endpoint reads itself (for example parentId on a lazy tree) so they are not treated as filters. */
export function parseListQuery(
  query: Record<string, unknown>,
  fields: QueryFields,
  options: { maxSize: number; extra?: string[] },
): ListQuery {
  const { current, size } = paging(query, options.maxSize);
  const filters: Filter[] = [];
  const extra = new Set(options.extra ?? []);
  for (const [key, rawValue] of Object.entries(query)) {
    if (RESERVED.has(key) || extra.has(key) || key.endsWith('_ignore')) continue;
    const value = Array.isArray(rawValue) ? rawValue[0] : rawValue;
    if (value === undefined || value === null || value === '') continue;
    if (typeof value !== 'string') throw badRequest(`不支持的查询条件: ${shownKey(key)}`);
    const { field: name, suffix: suffixName } = splitKey(key);
    const field = lookup(fields, name);
    const accepted = field && field.filter !== false ? operatorOf(field, suffixName) : undefined;
    const suffix = accepted && field?.exact ? wholeValue(accepted) : accepted;
    if (!field || !suffix) throw badRequest(`不支持的查询条件: ${shownKey(key)}`);
    if (suffix.novalue) {
      filters.push({ column: field.column, op: suffix.op });
    } else if (suffix.like) {
      const v = escapeLike(value);
      const pattern =
        suffix.like === 'contains' ? `%${v}%` : suffix.like === 'startsWith' ? `${v}%` : `%${v}`;
      // Compared as text whatever the column type (dictionary keys may be stored as numbers).
      filters.push({ column: field.column, op: suffix.op, value: pattern, cast: true });
    } else if (suffix.date || field.type === 'datetime') {
      const d = parseDateTime(value);
      if (!d) throw badRequest(`查询条件 ${shownKey(key)} 的日期格式应为 yyyy-MM-dd HH:mm:ss`);
      filters.push({ column: field.column, op: suffix.op, value: d });
    } else {
      if ((field.type === 'number' || field.type === 'id') && !NUMBER.test(value)) {
        throw badRequest(`查询条件 ${shownKey(key)} 必须是数字`);
      }
      filters.push({ column: field.column, op: suffix.op, value });
    }
  }
  const sorts: Sort[] = [];
  for (const [param, direction] of [
    ['ascs', 'asc'],
    ['descs', 'desc'],
  ] as const) {
    const raw = query[param];
    if (raw === undefined || raw === '') continue;
    if (typeof raw !== 'string') throw badRequest('不支持的排序字段');
    for (const name of raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const field = lookup(fields, name);
      if (!field || !field.sort || field.exact) throw badRequest(`不支持的排序字段: ${shownKey(name)}`);
      sorts.push({ column: field.column, direction });
    }
  }
  return { current, size, filters, sorts };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<Schema, any, any>;

/** Adds the parsed filters to a query. Columns come from the allow-list; values are bound parameters. */
export function applyFilters<Q extends AnySelect>(qb: Q, filters: Filter[], alias?: string): Q {
  let q = qb;
  for (const f of filters) {
    const ref = sql.ref(alias ? `${alias}.${f.column}` : f.column);
    if (f.op === 'is null' || f.op === 'is not null') {
      q = q.where(ref, f.op === 'is null' ? 'is' : 'is not', null) as Q;
    } else if (f.cast) {
      q = q.where(sql`${ref}::text`, f.op, f.value) as Q;
    } else {
      q = q.where(ref, f.op, f.value) as Q;
    }
  }
  return q;
}

export function applySorts<Q extends AnySelect>(qb: Q, sorts: Sort[], fallback: Sort[], alias?: string): Q {
  let q = qb;
  for (const s of sorts.length ? sorts : fallback) {
    q = q.orderBy(sql.ref(alias ? `${alias}.${s.column}` : s.column), s.direction) as Q;
  }
  return q;
}

/** A page answer (wire.ts); `totalExact` is false when `total` is an estimate (engine/crud/page-total.ts). */
export function page<T>(
  records: T[],
  total: number,
  q: Pick<ListQuery, 'current' | 'size'>,
  totalExact = true,
): Page<T> {
  return { records, total, size: q.size, current: q.current, pages: pageCount(total, q.size), totalExact };
}
