import { defineResource } from '../define';
import { dictFields } from './dict';

/** 业务字典 (blade_dict_biz, per tenant) — the same two-level shape and messages as the platform
 * dictionary (see dict.ts), scoped to the caller's tenant. */
export const dictBizResource = defineResource({
  name: 'dictBiz',
  label: { zh: '业务字典', en: 'Business dictionaries' },
  path: '/api/blade-system/dict-biz',
  table: 'blade_dict_biz',
  schema: 'migration',
  permission: 'dictbiz',
  menu: { parent: 'settings', sort: 9, icon: 'ReadOutlined', path: '/system/dictbiz' },
  tenant: true,
  audit: false,
  softDelete: true,
  drawerWidth: 880,
  tree: { parentField: 'parentId', labelField: 'dictValue' },
  defaultSort: [{ field: 'sort', direction: 'asc' }],
  fields: dictFields('dictBiz'),
  actions: [
    {
      name: 'seal',
      label: { zh: '封存', en: 'Seal' },
      placement: 'row',
      toggle: { field: 'isSealed', value: 1, label: { zh: '解封', en: 'Unseal' } },
    },
  ],
});
