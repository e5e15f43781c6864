import type { FieldDef, Label } from '../define';

/** Field shapes the community resources repeat
 * (docs/domain-model.md#publish-enable-and-state-dictionaries). */
export const sortField = (): FieldDef => ({
  name: 'sort',
  kind: 'int',
  label: { zh: '排序', en: 'Sort' },
  required: '请输入排序',
  min: 0,
  sortable: true,
  defaultValue: 1,
});

export const enableStatusField = (): FieldDef => ({
  name: 'enableStatus',
  kind: 'dict',
  label: { zh: '启用', en: 'Enabled' },
  dict: { code: 'enable_status' },
  defaultValue: 1,
  nullable: false,
  search: 'equal',
});

/** Where a record stands on the map, optional: longitude and latitude (WGS84, seven decimals). */
export const geoPointFields = (): FieldDef[] => [
  {
    name: 'longitude',
    kind: 'decimal',
    label: { zh: '经度', en: 'Longitude' },
    precision: [10, 7],
    list: false,
  },
  {
    name: 'latitude',
    kind: 'decimal',
    label: { zh: '纬度', en: 'Latitude' },
    precision: [10, 7],
    list: false,
  },
];

/** The community (a dept) a row belongs to. */
export const communityField = (required: string | undefined, extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'communityId',
  kind: 'ref',
  label: { zh: '所属社区', en: 'Community' },
  ref: { resource: 'dept', labelField: 'deptName' },
  ...(required ? { required } : {}),
  search: 'equal',
  ...extra,
});

/** A resident's account (blade_user, userType 2). */
export const appUserField = (label: Label, required?: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name: 'appUserId',
  kind: 'ref',
  label,
  ref: { resource: 'user', labelField: 'realName' },
  ...(required ? { required } : {}),
  search: 'equal',
  ...extra,
});

/** Publish group: 0 草稿 1 已发布 2 已下架, set by the publish verbs. */
export const publishFields = (): FieldDef[] => [
  {
    name: 'publishStatus',
    kind: 'dict',
    label: { zh: '发布状态', en: 'Status' },
    dict: { code: 'publish_status' },
    defaultValue: 0,
    nullable: false,
    readOnly: true,
    search: 'equal',
  },
  {
    name: 'publishTime',
    kind: 'datetime',
    label: { zh: '发布时间', en: 'Published' },
    readOnly: true,
    sortable: true,
    search: 'range',
  },
  {
    name: 'publishUser',
    kind: 'long',
    label: { zh: '发布人', en: 'Publisher' },
    readOnly: true,
    list: false,
    view: false,
  },
];
