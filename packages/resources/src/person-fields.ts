import type { FieldDef, Label } from './define';

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

/** An identity document number (证件号 / 身份证号), masked to `5401**********2111` for anyone without
 * the resource's reveal button. `kind` defaults to `idcard` (a resident identity number, checked);
 * `string` where the document type varies (a household's passport). Searched by the whole number. */
export const idCardField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'idCard',
  kind: 'idcard',
  label: { zh: '身份证号', en: 'ID card' },
  maxLength: 18,
  search: 'equal',
  ...extra,
  sensitive: 'idCard',
});

/** A person's mobile number (the `phone` kind: 11 digits), masked to `139****4048`. */
export const mobileField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'phone',
  kind: 'phone',
  label: { zh: '手机号', en: 'Mobile' },
  ...extra,
  sensitive: 'phone',
});

/** A person's phone number that may be a landline too (`telephone` rule, or free text where enrolments
 * keep what the person typed), masked like a mobile. */
export const personPhoneField = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  kind: 'string',
  label,
  maxLength: 32,
  ...extra,
  sensitive: 'phone',
});

/** Where a person lives, masked after its first part (`八廓街道冲赛康社区****`). */
export const homeAddressField = (name: string, label: Label, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  kind: 'string',
  label,
  maxLength: 200,
  list: false,
  ...extra,
  sensitive: 'address',
});

/** 民族 (GB/T 3304 keys as text), a special category of personal data: shown as `***` without reveal. */
export const nationField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'nation',
  kind: 'dict',
  label: { zh: '民族', en: 'Ethnicity' },
  dict: { code: 'nation', valueType: 'string' },
  maxLength: 4,
  list: false,
  ...extra,
  sensitive: 'category',
});

/** 政治面貌 (GB/T 4762 keys as text), a special category: `***` without reveal. */
export const politicalStatusField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'politicalStatus',
  kind: 'dict',
  label: { zh: '政治面貌', en: 'Political status' },
  dict: { code: 'political_status', valueType: 'string' },
  maxLength: 2,
  list: false,
  ...extra,
  sensitive: 'category',
});

/** 宗教信仰, a special category: `***` without reveal. */
export const religionField = (extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'religion',
  kind: 'dict',
  label: { zh: '宗教信仰', en: 'Religion' },
  dict: { code: 'religion' },
  list: false,
  ...extra,
  sensitive: 'category',
});
