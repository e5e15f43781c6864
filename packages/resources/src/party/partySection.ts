import { defineResource } from '../define';
import { sectionFields, sectionFrame } from './content-fields';

/** 活动栏目 — docs/domain-model.md#活动栏目-partysection (the section shape). */
export const partySectionResource = defineResource({
  name: 'partySection',
  label: { zh: '活动栏目', en: 'Activity sections' },
  path: '/api/app-party-section/partysection',
  table: 'app_party_section',
  permission: 'party_section',
  screens: ['/party/partysection'],
  menu: { parent: 'party_life', sort: 1, icon: 'FolderOutlined' },
  ...sectionFrame,
  fields: sectionFields(),
});
