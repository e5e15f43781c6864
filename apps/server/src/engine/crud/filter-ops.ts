import { SEARCH_SUFFIX, searchOps, type FieldDef } from '@tongxin/resources';

/**
 * The filter operators (BladeX suffixes, docs/api.md#the-standard-calls-of-a-resource) a field accepts on the
 * wire.
 *
 * - Every filterable field accepts the narrowing operators: `_equal`, `_notequal`, `_null`, `_notnull`,
 *   the comparisons `_gt` `_lt` `_ge` `_le` and the prefix match `_likeright`; date and datetime fields
 *   (and the audit times) also the date comparisons `_dategt` `_datelt` `_datege` `_datele` `_dateequal`.
 *   These are what BladeX clients and data-scope rules send to address rows by a known value (an id, a
 *   key, a state, a period), so a field without `search` keeps answering them.
 * - Contains-matching (`_like`, `_likeleft`, `_notlike`), which reads every row of the tenant, only on a
 *   field that declares one of them in `search`. A bare key is BladeX's LIKE there; on any other field it
 *   means the value itself (equality), so an OS Saber client sending plain names still narrows by it.
 * - Whatever a field declares is accepted (a range declares the date comparisons).
 */
export const NARROWING = [
  '_equal',
  '_notequal',
  '_null',
  '_notnull',
  '_gt',
  '_lt',
  '_ge',
  '_le',
  '_likeright',
];
export const DATE_COMPARISONS = ['_dategt', '_datelt', '_datege', '_datele', '_dateequal'];
export const CONTAINS = ['_like', '_likeleft', '_notlike'];

const DATE_KINDS = new Set(['date', 'datetime']);

/** The suffixes `field` accepts (see above). */
export function acceptedSuffixes(field: Pick<FieldDef, 'kind' | 'search'>): Set<string> {
  const declared = searchOps(field).map((op) => SEARCH_SUFFIX[op]);
  const contains = declared.some((s) => CONTAINS.includes(s));
  return new Set([
    ...NARROWING,
    ...(DATE_KINDS.has(field.kind) ? DATE_COMPARISONS : []),
    ...(contains ? CONTAINS : []),
    ...declared,
  ]);
}

/** Audit columns (createTime, createUser, ...): narrowing operators, and date comparisons on times. */
export const auditSuffixes = (isTime: boolean): Set<string> =>
  new Set([...NARROWING, ...(isTime ? DATE_COMPARISONS : [])]);
