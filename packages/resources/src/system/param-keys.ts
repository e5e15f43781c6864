/**
 * The parameters the product knows (参数管理), each declared once with its scope, Chinese name, default
 * and meaning:
 *   - `platform`: an operator's setting for the whole deployment, kept in the platform tenant (000000)
 *     only. A tenant's users can neither read nor write it; the server reads the platform's value for
 *     every tenant.
 *   - `tenant`: each tenant's own. A tenant reads its own value, else the default declared here — never
 *     the platform's value (the platform is a tenant like any other for these keys: its Hikvision
 *     account is its own).
 * Any other key a tenant administrator adds in 参数管理 is that tenant's own.
 */

export type ParamScope = 'platform' | 'tenant';

export interface ParamKeyDef {
  key: string;
  scope: ParamScope;
  /** 参数名称 */
  name: string;
  /** the value while none is set (a tenant's parameter also while the tenant has no row of it) */
  defaultValue: string;
  /** 备注: what it means, shown in 参数管理 */
  remark?: string;
}

/** The menus a new tenant's administrator role gets when no product package names them. */
export const DEFAULT_TENANT_MENU_CODES =
  'desk,flow,work,monitor,resource,role,user,dept,param,dictbiz,topmenu';

export const PARAM_KEYS = [
  { key: 'account.initPassword', scope: 'tenant', name: '账号初始密码', defaultValue: '123456' },
  { key: 'account.registerUser', scope: 'tenant', name: '是否开启注册功能', defaultValue: 'true' },
  { key: 'account.failCount', scope: 'platform', name: '登录失败锁定次数', defaultValue: '5' },
  { key: 'tenant.default.password', scope: 'platform', name: '租户默认管理密码', defaultValue: 'admin' },
  { key: 'tenant.default.accountNumber', scope: 'platform', name: '租户默认账号额度', defaultValue: '100' },
  {
    key: 'tenant.default.menuCode',
    scope: 'platform',
    name: '租户默认菜单',
    defaultValue: DEFAULT_TENANT_MENU_CODES,
    remark: '新租户管理员角色默认获得的菜单编号，逗号分隔（租户未指定产品包时使用）',
  },
  { key: 'log.retentionDays', scope: 'platform', name: '日志保留天数', defaultValue: '90' },
  {
    key: 'outbound.allowHosts',
    scope: 'platform',
    name: '外部连接允许主机',
    defaultValue: '',
    remark: '服务器可以连接的内网主机（对象存储、短信、海康平台等），逗号分隔；留空则只允许公网地址',
  },
  { key: 'ticket.overdueDays', scope: 'tenant', name: '诉求办理时限(天)', defaultValue: '7' },
  {
    key: 'map.tileUrl',
    scope: 'platform',
    name: '地图瓦片地址',
    defaultValue: '',
    remark:
      '地图设计与网格地图的底图瓦片地址模板，含{z}/{x}/{y}，如 https://tiles.example.cn/{z}/{x}/{y}.png；留空则不加载瓦片，地图以纯色底图显示部门边界与网格，适用于无互联网的部署',
  },
  {
    key: 'map.center',
    scope: 'tenant',
    name: '地图初始中心',
    defaultValue: '',
    remark: '地图打开时的中心点“经度,纬度”，如 91.1322,29.6544；留空为拉萨市城关区',
  },
  {
    key: 'map.zoom',
    scope: 'tenant',
    name: '地图初始缩放级别',
    defaultValue: '',
    remark: '地图打开时的缩放级别，1至20的整数；留空为15',
  },
  {
    key: 'hik.host',
    scope: 'tenant',
    name: '海康平台地址',
    defaultValue: '',
    remark:
      '本租户的海康威视综合安防管理平台（iSecure Center）Artemis网关地址，如 https://10.0.0.8:443；与hik.appKey、hik.appSecret都设置后，监控点位可从平台同步',
  },
  {
    key: 'hik.appKey',
    scope: 'tenant',
    name: '海康平台AppKey',
    defaultValue: '',
    remark: '在海康平台“合作方”中为本系统申请的AppKey',
  },
  {
    key: 'hik.appSecret',
    scope: 'tenant',
    name: '海康平台AppSecret',
    defaultValue: '',
    remark: '与AppKey配对的AppSecret，加密保存；保存后只显示******，不修改即保留原值',
  },
  { key: 'snap.rewardScore', scope: 'tenant', name: '随手拍核实奖励积分', defaultValue: '5' },
  {
    key: 'score.adjustMaxPerCall',
    scope: 'tenant',
    name: '单次积分调整上限',
    defaultValue: '100',
    remark: '积分调整一次最多增加或扣减的积分（1至10000的整数）',
  },
  {
    key: 'score.adjustMaxPerDay',
    scope: 'tenant',
    name: '每日积分调整上限',
    defaultValue: '500',
    remark: '同一用户一天内被手工调整（增加与扣减合计）的积分上限（1至100000的整数）',
  },
] as const satisfies readonly ParamKeyDef[];

/** A key the product declares. */
export type KnownParamKey = (typeof PARAM_KEYS)[number]['key'];

const byKey = new Map<string, ParamKeyDef>(PARAM_KEYS.map((p) => [p.key, p]));

/** The declaration of `key`, if the product knows it. */
export const paramKeyDef = (key: string): ParamKeyDef | undefined => byKey.get(key);

/** Whether `key` is a platform-wide parameter (kept in the platform tenant only). */
export const isPlatformParam = (key: unknown): boolean =>
  typeof key === 'string' && byKey.get(key)?.scope === 'platform';
