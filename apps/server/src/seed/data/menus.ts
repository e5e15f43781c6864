/**
 * The product's complete menu tree (every screen of docs/domain-model.md), grouped under the four
 * Module Federation remotes. Seeded idempotently by code: a code already present is never overwritten.
 *
 * The groups and the screens no definition serves are written here; a definition's screen (its `menu`,
 * packages/resources/src/screen-menu.ts) takes its place under its group from the definition
 * (screen-menus.ts), and the group's menus written here fill the places it leaves.
 *
 * Conventions: a leaf menu's code is the button-code prefix of its screen (`<code>_add`, `_edit`,
 * `_delete`, `_view`, plus its extra actions); group menus carry no buttons; every menu names the remote
 * that serves it (inherited from its root).
 */
export interface SeedMenu {
  code: string;
  name: string;
  nameEn: string;
  path: string;
  sort: number;
  /** 1 menu, 2 button (dict menu_category) */
  category: 1 | 2;
  /** `menu` for menus; the action alias for buttons (add, edit, delete, view, ...) */
  alias?: string;
  /** antd icon name (see apps/shell/src/menu/MenuIcon.tsx) */
  source?: string;
  /** 0 none, 1 toolbar, 2 row, 3 both (dict button_func) */
  action?: number;
  /** 1 no, 2 yes: open in a new window */
  isOpen?: number;
  remote?: string;
  children?: SeedMenu[];
}

import { hasSensitiveFields, MENU_BUTTONS, resources, screensOf, type MenuButton } from '@tongxin/resources';
import { placeScreens, unplaced, type PlacedScreen } from './screen-menus.js';

type Remote = 'system' | 'party' | 'community' | 'workflow';
/** [alias, zh, en, action] */
type ButtonSpec = readonly [string, string, string, number];

/** A definition menu's button as a button spec. */
const specOf = (b: MenuButton): ButtonSpec => [b.alias, b.label.zh, b.label.en, b.action];

const ADD = specOf(MENU_BUTTONS.add!);
const EDIT = specOf(MENU_BUTTONS.edit!);
const DELETE = specOf(MENU_BUTTONS.delete!);
const VIEW = specOf(MENU_BUTTONS.view!);
const EXPORT = specOf(MENU_BUTTONS.export!);
const SEAL: ButtonSpec = ['seal', '封存', 'Seal', 2];
const STD = [ADD, EDIT, DELETE, VIEW] as const;
/** The personal-data buttons (personal-data.ts on the server): reveal one record, export unmasked. */
const REVEAL: ButtonSpec = ['reveal', '查看敏感信息', 'Reveal personal data', 2];
const EXPORT_SENSITIVE: ButtonSpec = ['export_sensitive', '导出敏感信息', 'Export personal data', 1];

/** The screens whose records hold personal data: the button-code prefixes (own and alias) of every
 * definition with sensitive fields, and whether it exports. */
const PERSONAL_SCREENS = new Map(
  resources
    .filter(hasSensitiveFields)
    .flatMap((def) =>
      [def.permission, ...(def.permissionAliases ?? [])].map((p) => [p, Boolean(def.exportable)]),
    ),
);

/** A screen: a leaf menu with its button rows. */
function screen(
  code: string,
  name: string,
  nameEn: string,
  path: string,
  source: string,
  standard: readonly ButtonSpec[] = STD,
): SeedMenu {
  // a screen of personal data gets 查看敏感信息 (and 导出敏感信息 where it exports) without listing them
  const personal = PERSONAL_SCREENS.get(code);
  const buttons =
    personal === undefined ? standard : [...standard, REVEAL, ...(personal ? [EXPORT_SENSITIVE] : [])];
  return {
    code,
    name,
    nameEn,
    path,
    source,
    sort: 0,
    category: 1,
    alias: 'menu',
    children: buttons.map(([alias, zh, en, action], i) => ({
      code: `${code}_${alias}`,
      name: zh,
      nameEn: en,
      path: '',
      sort: i + 1,
      category: 2,
      alias,
      action,
    })),
  };
}

/** A folder of screens. */
function group(
  code: string,
  name: string,
  nameEn: string,
  path: string,
  source: string,
  children: SeedMenu[],
) {
  return { code, name, nameEn, path, source, sort: 0, category: 1 as const, alias: 'menu', children };
}

/** The screens the definitions declare (their `menu`), as menus. */
const definitionScreens: PlacedScreen<SeedMenu>[] = resources.flatMap(screensOf).map((s) => ({
  parent: s.parent,
  sort: s.sort,
  menu: screen(
    s.code,
    s.label.zh,
    s.label.en,
    s.path,
    s.icon,
    s.buttons.map(specOf),
  ),
}));

/** Places the definitions' screens in the tree, numbers siblings in order and stamps the root's remote on
 * every menu below it. */
function root(remote: Remote, sort: number, menu: SeedMenu): SeedMenu {
  const stamp = (m: SeedMenu, i: number): SeedMenu => ({
    ...m,
    sort: m.category === 2 ? m.sort : i + 1,
    remote: m.category === 1 ? remote : undefined,
    children: m.children?.map(stamp),
  });
  return { ...stamp(placeScreens(menu, definitionScreens), 0), sort };
}

const party = root(
  'party',
  1,
  group('party', '党建管理', 'Party building', '/party', 'FlagOutlined', [
    screen('party_overview', '党建概览', 'Overview', '/party/overview', 'DashboardOutlined', [VIEW]),
    group('party_org', '组织建设', 'Organisation', '/party/org', 'ApartmentOutlined', []),
    group('party_life', '组织生活', 'Party life', '/party/life', 'CalendarOutlined', []),
    group('party_appraisal', '民主评议', 'Appraisal', '/party/appraisal', 'TrophyOutlined', []),
    group('party_study', '学习教育', 'Study', '/party/study', 'ReadOutlined', []),
    group('discipline', '纪检监察', 'Discipline', '/discipline', 'SafetyOutlined', []),
  ]),
);

const community = root(
  'community',
  2,
  group('community', '社区服务', 'Community', '/community', 'HomeOutlined', [
    group('household_manage', '住户管理', 'Households', '/community/households', 'HomeOutlined', [
      screen('community_user', '社区用户', 'Residents', '/communityuser/userdetail', 'UserOutlined', [
        VIEW,
        ['lock', '锁定', 'Lock', 3],
        ['unlock', '解锁', 'Unlock', 3],
        EXPORT,
      ]),
    ]),
    group('content', '内容发布', 'Content', '/community/content', 'ReadOutlined', []),
    group('feedback', '诉求反馈', 'Feedback', '/community/feedback', 'MessageOutlined', []),
    group('convenience', '便民服务', 'Services', '/community/services', 'CustomerServiceOutlined', []),
    group('share', '共享设施', 'Shared facilities', '/share', 'ShopOutlined', []),
    group('volunteer', '志愿服务', 'Volunteers', '/volunteer', 'HeartOutlined', []),
    group('solidarity', '民族团结', 'Ethnic unity', '/solidarity', 'TeamOutlined', []),
    group('score', '积分管理', 'Points', '/score', 'TrophyOutlined', []),
    group('governance', '基层治理', 'Governance', '/governance', 'ClusterOutlined', []),
    group('safety', '安全监测', 'Safety', '/safety', 'AlertOutlined', []),
    group('statistics', '数据统计', 'Statistics', '/statistics', 'BarChartOutlined', [
      screen(
        'statistics_comprehensive',
        '综合统计',
        'Overview',
        '/statistics/comprehensive',
        'LineChartOutlined',
        [VIEW, EXPORT],
      ),
    ]),
  ]),
);

const workflow = root(
  'workflow',
  3,
  group('workflow', '流程办公', 'Workflow', '/workflow', 'DeploymentUnitOutlined', [
    group('work', '我的事务', 'My work', '/work', 'ScheduleOutlined', [
      screen('work_start', '发起事务', 'Start', '/work/start', 'NodeIndexOutlined', [
        ['flow', '发起', 'Start', 2],
        ['image', '流程图', 'Diagram', 2],
      ]),
      screen('work_claim', '待签事务', 'To claim', '/work/claim', 'ContactsOutlined', [
        ['sign', '签收', 'Claim', 2],
        ['detail', '详情', 'Detail', 2],
      ]),
      screen('work_todo', '待办事务', 'To do', '/work/todo', 'ProfileOutlined', [
        ['handle', '办理', 'Handle', 2],
        ['detail', '详情', 'Detail', 2],
        ['follow', '跟踪', 'Diagram', 2],
      ]),
      screen('work_send', '已发事务', 'Sent', '/work/send', 'FileTextOutlined', [
        ['detail', '详情', 'Detail', 2],
        ['follow', '跟踪', 'Diagram', 2],
      ]),
      screen('work_done', '办结事务', 'Done', '/work/done', 'SafetyCertificateOutlined', [
        ['detail', '详情', 'Detail', 2],
        ['follow', '跟踪', 'Diagram', 2],
      ]),
      screen('work_leave', '请假申请', 'Leave requests', '/work/process/leave', 'CalendarOutlined', [
        ADD,
        VIEW,
      ]),
    ]),
    group('flow', '流程管理', 'Process management', '/flow', 'PartitionOutlined', [
      screen('flow_model', '模型设计', 'Models', '/flow/model', 'FormOutlined', [
        ADD,
        EDIT,
        DELETE,
        ['deploy', '部署', 'Deploy', 2],
      ]),
      screen('flow_deploy', '部署管理', 'Deployments', '/flow/deploy', 'DeploymentUnitOutlined', [
        ['upload', '上传部署', 'Upload', 1],
      ]),
      screen('flow_manager', '流程管理', 'Processes', '/flow/manager', 'PartitionOutlined', [
        ['suspend', '变更状态', 'Change state', 2],
        DELETE,
        ['image', '流程图', 'Diagram', 2],
      ]),
      screen('flow_follow', '流程跟踪', 'Running instances', '/flow/follow', 'NodeIndexOutlined', [
        DELETE,
        ['image', '流程图', 'Diagram', 2],
      ]),
    ]),
  ]),
);

const system = root(
  'system',
  99,
  group('system', '系统管理', 'System', '/system', 'SettingOutlined', [
    group('settings', '系统设置', 'Settings', '/system/settings', 'ControlOutlined', [
      screen('menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined'),
      // the dictionary's second screen (an alias of `dict`, served by its definition)
      screen('dict_vertical', '字典管理', 'Dictionaries (tree)', '/dict-vertical/index', 'BookOutlined', [
        ...STD,
        SEAL,
      ]),
    ]),
    group('authority', '权限管理', 'Authority', '/authority', 'SafetyCertificateOutlined', []),
    group('base', '基础配置', 'Base data', '/base', 'AppstoreOutlined', []),
    group('resource', '资源管理', 'Resources', '/resource', 'CloudOutlined', []),
    group('tool', '研发工具', 'Developer tools', '/tool', 'ToolOutlined', []),
    group('log', '日志管理', 'Logs', '/monitor/log', 'FileSearchOutlined', []),
  ]),
);

export const seedMenus: SeedMenu[] = [party, community, workflow, system];

const lost = unplaced(seedMenus, definitionScreens);
if (lost.length) throw new Error(`menus: no group ${lost.map((s) => `${s.parent} for ${s.menu.code}`).join(', ')}`);
