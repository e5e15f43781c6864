import { defineResource } from '../define';
import { sectionTree } from './section-tree';

/** 公告栏目 — docs/domain-model.md#公告栏目-sysnoticesection (the shape of 资讯栏目). */
export const sysNoticeSectionResource = defineResource(
  sectionTree({
    name: 'sysNoticeSection',
    label: { zh: '公告栏目', en: 'Notice sections' },
    path: '/api/app-sys-notice-section/sysnoticesection',
    table: 'app_sys_notice_section',
    permission: 'sys_notice_section',
    screens: ['/sys/sysnoticesection'],
    menu: { parent: 'content', sort: 3, icon: 'FolderOutlined' },
  }),
);
