import { defineResource } from '../define';
import { sectionFields, sectionFrame } from './content-fields';

/** 纪检栏目 — docs/domain-model.md#纪检栏目-disciplinesection (the section shape). */
export const disciplineSectionResource = defineResource({
  name: 'disciplineSection',
  label: { zh: '纪检栏目', en: 'Discipline sections' },
  path: '/api/app-discipline-section/disciplinesection',
  table: 'app_discipline_section',
  permission: 'discipline_section',
  screens: ['/discipline/disciplinesection'],
  menu: { parent: 'discipline', sort: 1, icon: 'FolderOutlined' },
  ...sectionFrame,
  fields: sectionFields(),
});
