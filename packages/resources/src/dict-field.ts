import type { FieldDef, Label } from './define';

/** A field choosing a key of the system dictionary `code` (keys stored as int unless `extra.dict` says
 * otherwise, see `textKeys`). */
export const dictField = (
  name: string,
  label: Label,
  code: string,
  extra: Partial<FieldDef> = {},
): FieldDef => ({
  name,
  kind: 'dict',
  label,
  dict: { code },
  ...extra,
});

/** Spread into a `dictField`'s extra: the dictionary's keys are text of at most `maxLength` characters
 * (民族 '01', 学历 '21'). */
export const textKeys = (code: string, maxLength = 2): Partial<FieldDef> => ({
  dict: { code, valueType: 'string' },
  maxLength,
});
