import { badFormat, type Rule } from './rule';

/** A record id: a snowflake id as a decimal string (no leading zero, at most 19 digits). */
export const isId = (v: unknown): v is string => typeof v === 'string' && /^[1-9][0-9]{0,18}$/.test(v);

/** The items of a comma-joined list (`1,2,3`), trimmed, blanks dropped. */
export const splitList = (raw: string): string[] =>
  raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A comma-joined id list (`ids=1,2` of remove, a user's roleId): every item an id, or undefined. */
export function parseIdList(raw: unknown): string[] | undefined {
  const ids = typeof raw === 'string' ? splitList(raw) : [];
  return ids.every(isId) ? ids : undefined;
}

/** A stored id list (multiple references such as user.role_id): ids only, each once, comma-joined. */
export const idListRule: Rule = {
  normalize: (v) => [...new Set(splitList(v))].join(','),
  check: (v, label) => (parseIdList(v) ? undefined : badFormat(label)),
};
