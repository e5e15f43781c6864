import type { ResourceDef } from '../define';
import { enableStatusField, sortField } from './shared-fields';

/** What names one tree of sections (资讯栏目, 公告栏目: one shape,
 * docs/domain-model.md#content-articles). */
type SectionNames = Pick<
  ResourceDef,
  'name' | 'label' | 'path' | 'table' | 'permission' | 'screens' | 'menu'
>;

/** A tree of sections that articles or notices hang under. */
export const sectionTree = (names: SectionNames): ResourceDef => ({
  ...names,
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
      ref: { resource: names.name, labelField: 'sectionName' },
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
