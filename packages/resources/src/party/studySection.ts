import { defineResource } from '../define';
import { sectionFields, sectionFrame } from './content-fields';

/** 学习栏目 — docs/domain-model.md#学习栏目-studysection (the section shape plus its
 * audience). */
export const studySectionResource = defineResource({
  name: 'studySection',
  label: { zh: '学习栏目', en: 'Study sections' },
  path: '/api/app-study-section/studysection',
  table: 'app_study_section',
  permission: 'study_section',
  screens: ['/party/studysection'],
  menu: { parent: 'party_study', sort: 1, icon: 'FolderOutlined' },
  ...sectionFrame,
  fields: [
    ...sectionFields(),
    {
      name: 'audience',
      kind: 'dict',
      label: { zh: '学习对象', en: 'Audience' },
      dict: { code: 'study_audience' },
      defaultValue: 0,
      nullable: false,
      search: 'equal',
      width: 100,
    },
  ],
});
