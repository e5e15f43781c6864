import type { FieldDef } from './define';

/** A person's name as the records naming a resident or a party member hold it
 * (docs/domain-model.md#common-columns): required, at most 32 characters, searched by a part of it. */
export const personNameField = (): FieldDef => ({
  name: 'name',
  kind: 'string',
  label: { zh: '姓名', en: 'Name' },
  required: '请输入姓名',
  maxLength: 32,
  search: 'like',
});
