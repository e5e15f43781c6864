/**
 * The product's complete menu tree (every screen of docs/domain-model.md), grouped under the four
 * Module Federation remotes. Seeded idempotently by code: a code already present is never overwritten.
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

import { hasSensitiveFields, resources } from '@tongxin/resources';

type Remote = 'system' | 'party' | 'community' | 'workflow';
/** [alias, zh, en, action] */
type ButtonSpec = readonly [string, string, string, number];

const ADD: ButtonSpec = ['add', '新增', 'Add', 1];
const EDIT: ButtonSpec = ['edit', '修改', 'Edit', 2];
const DELETE: ButtonSpec = ['delete', '删除', 'Delete', 3];
const VIEW: ButtonSpec = ['view', '查看', 'View', 2];
const EXPORT: ButtonSpec = ['export', '导出', 'Export', 1];
const IMPORT: ButtonSpec = ['import', '导入', 'Import', 1];
const AUDIT: ButtonSpec = ['audit', '审核', 'Review', 2];
const REPLY: ButtonSpec = ['reply', '回复', 'Reply', 2];
const CANCEL: ButtonSpec = ['cancel', '取消活动', 'Cancel', 2];
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

/** Numbers siblings in order and stamps the root's remote on every menu below it. */
function root(remote: Remote, sort: number, menu: SeedMenu): SeedMenu {
  const stamp = (m: SeedMenu, i: number): SeedMenu => ({
    ...m,
    sort: m.category === 2 ? m.sort : i + 1,
    remote: m.category === 1 ? remote : undefined,
    children: m.children?.map(stamp),
  });
  return { ...stamp(menu, 0), sort };
}

const party = root(
  'party',
  1,
  group('party', '党建管理', 'Party building', '/party', 'FlagOutlined', [
    screen('party_overview', '党建概览', 'Overview', '/party/overview', 'DashboardOutlined', [VIEW]),
    group('party_org', '组织建设', 'Organisation', '/party/org', 'ApartmentOutlined', [
      screen('party_dept', '党组织管理', 'Party organisations', '/party/partydept', 'ApartmentOutlined'),
      screen('party_archive', '党员档案', 'Party members', '/party/partyarchive', 'IdcardOutlined', [
        ...STD,
        EXPORT,
        IMPORT,
        ['disable', '停用', 'Disable', 2],
        ['enable', '启用', 'Enable', 2],
      ]),
      screen(
        'party_archive_audit',
        '党员登记审核',
        'Registration review',
        '/party/partyarchiveaudit',
        'AuditOutlined',
        [VIEW, AUDIT],
      ),
      screen(
        'party_double_report',
        '双报到管理',
        'Dual registration',
        '/party/partydoublereport',
        'SolutionOutlined',
        [...STD, EXPORT, ['cancel', '注销', 'Cancel', 2]],
      ),
      screen(
        'party_double_report_audit',
        '双报到审核',
        'Dual registration review',
        '/party/partydoublereportaudit',
        'AuditOutlined',
        [VIEW, AUDIT],
      ),
    ]),
    group('party_life', '组织生活', 'Party life', '/party/life', 'CalendarOutlined', [
      screen('party_section', '活动栏目', 'Activity sections', '/party/partysection', 'FolderOutlined'),
      screen('party_activity', '党员活动', 'Party activities', '/party/partyactivity', 'CalendarOutlined', [
        ...STD,
        CANCEL,
      ]),
      screen(
        'party_activity_user',
        '活动报名',
        'Activity enrolment',
        '/party/partyactivity2user',
        'UsergroupAddOutlined',
        [
          VIEW,
          DELETE,
          EXPORT,
          ADD,
          EDIT,
          ['approve', '通过', 'Approve', 2],
          ['reject', '驳回', 'Reject', 2],
          ['sign', '签到', 'Sign in', 3],
        ],
      ),
      screen('party_article', '活动风采', 'Activity articles', '/party/partyarticle', 'FileTextOutlined'),
      screen('party_report', '思想汇报', 'Member reports', '/party/partyreport', 'ProfileOutlined', [
        VIEW,
        ['review', '批阅', 'Review', 2],
        DELETE,
        ['reject', '退回', 'Return', 2],
        ADD,
        EDIT,
      ]),
      screen('party_duty', '党员值班', 'Party duty', '/party/partyduty', 'ScheduleOutlined', [
        ...STD,
        EXPORT,
      ]),
    ]),
    group('party_appraisal', '民主评议', 'Appraisal', '/party/appraisal', 'TrophyOutlined', [
      screen('party_appraise', '评议管理', 'Appraisals', '/party/partyappraise', 'TrophyOutlined'),
      screen(
        'party_appraise_user',
        '党员自评',
        'Self-appraisals',
        '/party/partyappraise2user',
        'SolutionOutlined',
      ),
      screen(
        'party_appraise_audit',
        '自评审核',
        'Self-appraisal review',
        '/party/partyappraiseaudit',
        'AuditOutlined',
        [VIEW, AUDIT],
      ),
    ]),
    group('party_study', '学习教育', 'Study', '/party/study', 'ReadOutlined', [
      screen('study_section', '学习栏目', 'Study sections', '/party/studysection', 'FolderOutlined'),
      screen('study_article', '学习资料', 'Study articles', '/party/studyarticle', 'BookOutlined'),
    ]),
    group('discipline', '纪检监察', 'Discipline', '/discipline', 'SafetyOutlined', [
      screen(
        'discipline_section',
        '纪检栏目',
        'Discipline sections',
        '/discipline/disciplinesection',
        'FolderOutlined',
      ),
      screen(
        'discipline_article',
        '纪检文章',
        'Discipline articles',
        '/discipline/disciplinearticle',
        'FileTextOutlined',
      ),
      screen(
        'discipline_report',
        '纪检举报',
        'Discipline reports',
        '/discipline/disciplinereport',
        'AlertOutlined',
        [
          VIEW,
          DELETE,
          EXPORT,
          ADD,
          EDIT,
          ['finish', '办结', 'Close', 2],
          ['identity', '查看举报人', 'Reporter identity', 0],
        ],
      ),
      screen(
        'discipline_report_reply',
        '举报回复',
        'Report replies',
        '/discipline/disciplinereportreply',
        'MessageOutlined',
        [VIEW, REPLY, ADD, EDIT, DELETE],
      ),
    ]),
  ]),
);

const community = root(
  'community',
  2,
  group('community', '社区服务', 'Community', '/community', 'HomeOutlined', [
    group('household_manage', '住户管理', 'Households', '/community/households', 'HomeOutlined', [
      screen('household', '住户信息', 'Households', '/community/household', 'HomeOutlined', [
        ...STD,
        EXPORT,
        IMPORT,
      ]),
      screen(
        'household_record',
        '住户认证',
        'Household applications',
        '/community/householdrecord',
        'IdcardOutlined',
        [VIEW, ADD, EDIT, AUDIT, DELETE, ['withdraw', '撤回', 'Withdraw', 2]],
      ),
      screen('community_user', '社区用户', 'Residents', '/communityuser/userdetail', 'UserOutlined', [
        VIEW,
        ['lock', '锁定', 'Lock', 3],
        ['unlock', '解锁', 'Unlock', 3],
        EXPORT,
      ]),
      screen('sys_user_audit', '资料审核', 'Profile review', '/sys/sysuseraudit', 'AuditOutlined', [
        VIEW,
        AUDIT,
        DELETE,
      ]),
    ]),
    group('content', '内容发布', 'Content', '/community/content', 'ReadOutlined', [
      screen('info_section', '资讯栏目', 'News sections', '/community/infosection', 'FolderOutlined'),
      screen('info_article', '资讯文章', 'News articles', '/community/infoarticle', 'FileTextOutlined'),
      screen('sys_notice_section', '公告栏目', 'Notice sections', '/sys/sysnoticesection', 'FolderOutlined'),
      screen('sys_notice', '通知公告', 'Notices', '/sys/sysnotice', 'NotificationOutlined', [
        ...STD,
        ['publish', '发布', 'Publish', 2],
      ]),
      screen('sys_question', '常见问题', 'FAQ', '/sys/sysquestion', 'ProfileOutlined'),
      screen('module', '功能模块', 'App modules', '/community/module', 'AppstoreOutlined'),
      screen('message_center', '消息中心', 'Messages', '/community/messagecenter', 'BellOutlined', [
        ADD,
        DELETE,
        VIEW,
      ]),
    ]),
    group('feedback', '诉求反馈', 'Feedback', '/community/feedback', 'MessageOutlined', [
      screen('sys_complain', '投诉管理', 'Complaints', '/sys/syscomplain', 'MessageOutlined', [
        VIEW,
        DELETE,
        EXPORT,
      ]),
      screen(
        'sys_complain_reply',
        '投诉回复',
        'Complaint replies',
        '/sys/syscomplainreply',
        'CustomerServiceOutlined',
        [VIEW, REPLY, DELETE],
      ),
      screen('sys_advice', '意见建议', 'Advice', '/sys/sysadvice', 'MessageOutlined', [VIEW, DELETE, EXPORT]),
      screen(
        'sys_advice_reply',
        '建议回复',
        'Advice replies',
        '/sys/sysadvicereply',
        'CustomerServiceOutlined',
        [VIEW, REPLY, DELETE],
      ),
      screen('sys_report', '随手拍', 'Snap reports', '/sys/sysreport', 'FileSearchOutlined', [
        VIEW,
        DELETE,
        EXPORT,
      ]),
      screen(
        'sys_report_reply',
        '随手拍回复',
        'Snap report replies',
        '/sys/sysreportreply',
        'CustomerServiceOutlined',
        [VIEW, REPLY, DELETE],
      ),
    ]),
    group('convenience', '便民服务', 'Services', '/community/services', 'CustomerServiceOutlined', [
      screen('contact_phone', '便民电话', 'Contact phones', '/community/contactphone', 'PhoneOutlined', [
        ...STD,
        EXPORT,
      ]),
      screen('questionnaire', '问卷调查', 'Questionnaires', '/community/questionnaire', 'FormOutlined', [
        ...STD,
        ['result', '统计结果', 'Results', 2],
        ['export', '导出答卷', 'Export answers', 2],
      ]),
      screen(
        'questionnaire_user',
        '答卷记录',
        'Answers',
        '/community/questionnaire2user',
        'ProfileOutlined',
        [VIEW, ADD, EDIT, DELETE, EXPORT],
      ),
    ]),
    group('share', '共享设施', 'Shared facilities', '/share', 'ShopOutlined', [
      screen('share_facility', '设施管理', 'Facilities', '/share/sharefacility', 'ShopOutlined'),
      screen('share_facility_user', '借用记录', 'Loans', '/share/sharefacility2user', 'ProfileOutlined', [
        ADD,
        EDIT,
        VIEW,
        DELETE,
        EXPORT,
        ['lend', '确认借出', 'Hand over', 2],
        ['giveBack', '确认归还', 'Returned', 2],
        ['requestReturn', '申请归还', 'Ask to return', 2],
        ['cancel', '取消借用', 'Cancel', 2],
      ]),
      screen(
        'share_facility_audit',
        '借用审核',
        'Loan review',
        '/share/sharefacilityaudit',
        'AuditOutlined',
        [VIEW, AUDIT],
      ),
      screen(
        'share_facility_return_audit',
        '归还审核',
        'Return review',
        '/share/sharefacilityreturnaudit',
        'AuditOutlined',
        [VIEW, AUDIT],
      ),
    ]),
    group('volunteer', '志愿服务', 'Volunteers', '/volunteer', 'HeartOutlined', [
      screen(
        'micro_volunteer',
        '微志愿活动',
        'Volunteer activities',
        '/volunteer/microvolunteer',
        'HeartOutlined',
        [
          ...STD,
          CANCEL,
          ['absent', '缺席标记', 'Mark absent', 2],
          ['settle', '积分结算', 'Settle points', 2],
        ],
      ),
      screen(
        'micro_volunteer_user',
        '报名人员',
        'Volunteers enrolled',
        '/volunteer/microvolunteer2user',
        'UsergroupAddOutlined',
        [ADD, EDIT, VIEW, DELETE, EXPORT],
      ),
    ]),
    group('solidarity', '民族团结', 'Ethnic unity', '/solidarity', 'TeamOutlined', [
      screen(
        'solidarity_activity',
        '团结活动',
        'Unity activities',
        '/solidarity/solidarityactivity',
        'TeamOutlined',
        [...STD, CANCEL],
      ),
      screen(
        'solidarity_activity_audit',
        '活动审核',
        'Activity review',
        '/solidarity/solidarityactivityaudit',
        'AuditOutlined',
        [VIEW, AUDIT],
      ),
    ]),
    group('score', '积分管理', 'Points', '/score', 'TrophyOutlined', [
      screen('score_flow', '积分流水', 'Point ledger', '/score/scoreflow', 'TrophyOutlined', [
        VIEW,
        EXPORT,
        ['adjust', '积分调整', 'Adjust', 1],
      ]),
    ]),
    group('governance', '基层治理', 'Governance', '/governance', 'ClusterOutlined', [
      screen('temple_info', '寺庙信息', 'Temples', '/governance/templeinfo', 'BankOutlined', [
        ...STD,
        EXPORT,
      ]),
      screen('map_mesh', '网格管理', 'Grid meshes', '/governance/mapmesh', 'EnvironmentOutlined'),
      screen('map_inst', '地图点位', 'Map places', '/governance/mapinst', 'EnvironmentOutlined'),
    ]),
    group('safety', '安全监测', 'Safety', '/safety', 'AlertOutlined', [
      screen('oc_device', '物联网设备', 'IoT devices', '/safety/ocdevice', 'DatabaseOutlined', [
        ...STD,
        EXPORT,
      ]),
      screen('oc_alarm', '设备告警', 'Alarms', '/safety/ocalarm', 'AlertOutlined', [
        VIEW,
        ['handle', '处理', 'Handle', 2],
        EXPORT,
      ]),
      screen('hik_region', '监控区域', 'Video regions', '/safety/hikregions', 'ClusterOutlined'),
      screen('hik_camera', '监控点位', 'Cameras', '/safety/hikcamera', 'VideoCameraOutlined', [
        ...STD,
        ['sync', '同步点位', 'Synchronise', 1],
      ]),
    ]),
    group('statistics', '数据统计', 'Statistics', '/statistics', 'BarChartOutlined', [
      screen(
        'statistics_comprehensive',
        '综合统计',
        'Overview',
        '/statistics/comprehensive',
        'LineChartOutlined',
        [VIEW, EXPORT],
      ),
      screen('browse_log', '浏览记录', 'Browse log', '/statistics/browselog', 'FileSearchOutlined', [
        VIEW,
        EXPORT,
      ]),
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
      screen('notice', '通知公告', 'Desk notices', '/desk/notice', 'NotificationOutlined'),
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
      screen('user', '用户管理', 'Users', '/system/user', 'UserOutlined', [
        ...STD,
        EXPORT,
        IMPORT,
        ['reset', '重置密码', 'Reset password', 1],
        ['role', '角色配置', 'Assign roles', 1],
        ['platform', '平台配置', 'Platform settings', 1],
        ['lock', '锁定账号', 'Lock', 3],
        ['unlock', '账号解锁', 'Unlock', 3],
        ['audit', '审核通过', 'Approve', 3],
      ]),
      screen('dept', '机构管理', 'Departments', '/system/dept', 'ApartmentOutlined'),
      screen('post', '岗位管理', 'Posts', '/system/post', 'SolutionOutlined'),
      screen('menu', '菜单管理', 'Menus', '/system/menu', 'MenuOutlined'),
      screen('topmenu', '顶部菜单', 'Top menus', '/system/topmenu', 'AppstoreOutlined', [
        ...STD,
        ['setting', '菜单配置', 'Assign menus', 1],
      ]),
      screen('param', '参数管理', 'Parameters', '/system/param', 'ControlOutlined'),
      screen('dict', '系统字典', 'Dictionaries', '/dict-horizontal/index', 'BookOutlined', [...STD, SEAL]),
      screen('dict_vertical', '字典管理', 'Dictionaries (tree)', '/dict-vertical/index', 'BookOutlined', [
        ...STD,
        SEAL,
      ]),
      screen('dictbiz', '业务字典', 'Business dictionaries', '/system/dictbiz', 'ReadOutlined', [
        ...STD,
        SEAL,
      ]),
      screen('tenant', '租户管理', 'Tenants', '/system/tenant', 'BankOutlined', [
        ...STD,
        EXPORT,
        ['setting', '授权配置', 'Authorisation', 1],
        ['datasource', '数据源配置', 'Datasource', 1],
        ['package', '产品包配置', 'Package', 1],
      ]),
      screen('tenantpackage', '租户产品包', 'Tenant packages', '/system/tenantpackage', 'AppstoreOutlined', [
        ADD,
        EDIT,
        DELETE,
      ]),
      screen('client', '应用管理', 'Clients', '/system/client', 'SafetyOutlined'),
    ]),
    group('authority', '权限管理', 'Authority', '/authority', 'SafetyCertificateOutlined', [
      screen('role', '角色管理', 'Roles', '/authority/role', 'TeamOutlined', [
        ...STD,
        ['grant', '权限设置', 'Grant', 1],
      ]),
      screen('data_scope', '数据权限', 'Data scopes', '/authority/datascope', 'DatabaseOutlined', [
        ...STD,
        ['setting', '权限配置', 'Configure', 2],
      ]),
      screen('api_scope', '接口权限', 'API scopes', '/authority/apiscope', 'SafetyOutlined', [
        ...STD,
        ['setting', '权限配置', 'Configure', 2],
      ]),
    ]),
    group('base', '基础配置', 'Base data', '/base', 'AppstoreOutlined', [
      screen('region', '行政区划', 'Regions', '/system/region', 'EnvironmentOutlined', [
        ...STD,
        EXPORT,
        IMPORT,
        ['debug', '调试', 'Debug', 1],
      ]),
    ]),
    group('resource', '资源管理', 'Resources', '/resource', 'CloudOutlined', [
      screen('oss', '对象存储', 'Object storage', '/resource/oss', 'CloudOutlined', [
        ...STD,
        ['enable', '启用', 'Enable', 2],
      ]),
      screen('sms', '短信配置', 'SMS', '/resource/sms', 'MessageOutlined', [
        ...STD,
        ['enable', '启用', 'Enable', 2],
        ['send', '发送测试', 'Send test', 2],
      ]),
      screen('attach', '附件管理', 'Attachments', '/resource/attach', 'FolderOutlined', [
        ['upload', '上传', 'Upload', 1],
        ['download', '下载', 'Download', 2],
        DELETE,
        VIEW,
      ]),
    ]),
    group('tool', '研发工具', 'Developer tools', '/tool', 'ToolOutlined', [
      screen('code', '代码生成', 'Code generator', '/tool/code', 'CodeOutlined', [
        ...STD,
        ['gen', '代码生成', 'Generate', 1],
        ['copy', '复制', 'Copy', 2],
      ]),
      screen('model', '数据模型', 'Data models', '/tool/model', 'DatabaseOutlined'),
      screen('datasource', '数据源管理', 'Datasources', '/tool/datasource', 'DatabaseOutlined'),
      screen('report_list', '报表管理', 'Reports', '/tool/reportlist', 'BarChartOutlined', [VIEW, DELETE]),
    ]),
    group('log', '日志管理', 'Logs', '/monitor/log', 'FileSearchOutlined', [
      screen('log_usual', '通用日志', 'General log', '/monitor/log/usual', 'FileTextOutlined', [VIEW]),
      screen('log_api', '接口日志', 'API log', '/monitor/log/api', 'FileTextOutlined', [VIEW]),
      screen('log_error', '错误日志', 'Error log', '/monitor/log/error', 'FileTextOutlined', [VIEW]),
      screen('log_login', '登录日志', 'Login log', '/monitor/log/login', 'FileTextOutlined', [VIEW]),
      screen('log_audit', '操作审计', 'Audit trail', '/monitor/log/audit', 'AuditOutlined', [VIEW]),
      screen('online_user', '在线用户', 'Online users', '/monitor/online', 'TeamOutlined', [
        VIEW,
        ['kick', '强制下线', 'Force logout', 2],
      ]),
    ]),
  ]),
);

export const seedMenus: SeedMenu[] = [party, community, workflow, system];
