import { defineResource } from '../define';
import { sectionFields, sectionFrame } from './content-fields';

/** 活动栏目 — domain model §5.5 (partyActivitySection, the shape of §3.1). */
export const partySectionResource = defineResource({
  name: 'partySection',
  label: { zh: '活动栏目', en: 'Activity sections' },
  path: '/api/app-party-section/partysection',
  table: 'app_party_section',
  permission: 'party_section',
  screens: ['/party/partysection'],
  ...sectionFrame,
  fields: sectionFields(),
});
