import { defineResource } from '../define';
import { enableStatusField, sortField } from './shared-fields';

/** 资讯栏目 — domain model §3.1: a tree of sections the articles hang under. */
export const infoSectionResource = defineResource({
  name: 'infoSection',
  label: { zh: '资讯栏目', en: 'News sections' },
  path: '/api/app-info-section/infosection',
  table: 'app_info_section',
  permission: 'info_section',
  screens: ['/community/infosection'],
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 600,
  tree: { parentField: 'parentId', labelField: 'sectionName' },
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: [
    {
      name: 'parentId',
      kind: 'parent',
      label: { zh: '上级栏目', en: 'Parent' },
      ref: { resource: 'infoSection', labelField: 'sectionName' },
      defaultValue: '0',
      list: false,
    },
    {
      name: 'sectionName',
      kind: 'string',
      label: { zh: '栏目名称', en: 'Name' },
      required: '请输入栏目名称',
      maxLength: 50,
      search: 'like',
    },
    {
      name: 'sectionNameBo',
      kind: 'string',
      label: { zh: '栏目名称(藏文)', en: 'Name (Tibetan)' },
      maxLength: 100,
      list: false,
    },
    { name: 'sectionCode', kind: 'string', label: { zh: '栏目编码', en: 'Code' }, maxLength: 32 },
    {
      name: 'icon',
      kind: 'images',
      label: { zh: '图标', en: 'Icon' },
      maxLength: 500,
      maxCount: 1,
      list: false,
    },
    sortField(),
    {
      name: 'showInApp',
      kind: 'dict',
      label: { zh: 'App展示', en: 'Shown in app' },
      dict: { code: 'yes_no' },
      defaultValue: 1,
      nullable: false,
    },
    enableStatusField(),
  ],
});
