import { defineResource } from '../define';
import { sectionTree } from './section-tree';

/** 资讯栏目 — docs/domain-model.md#资讯栏目-infosection: a tree of sections the articles hang under. */
export const infoSectionResource = defineResource(
  sectionTree({
    name: 'infoSection',
    label: { zh: '资讯栏目', en: 'News sections' },
    path: '/api/app-info-section/infosection',
    table: 'app_info_section',
    permission: 'info_section',
    screens: ['/community/infosection'],
    menu: { parent: 'content', sort: 1, icon: 'FolderOutlined' },
  }),
);
