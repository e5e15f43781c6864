/** BladeX wire types (all ids are strings). The envelope, pages and tree nodes are written once in
 * @tongxin/resources (wire.ts), shared with the server. */
export type { Page, R, TreeNode } from '@tongxin/resources';

export interface PageQuery {
  current: number;
  size: number;
}

export interface Captcha {
  key: string;
  image: string;
  captchaEnabled: boolean;
}

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: 'bearer';
  expires_in: number;
  tenant_id: string;
  user_id: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  account: string;
  role_name: string;
  role_id: string;
  dept_id: string;
  /** The names of `dept_id`'s departments, comma-joined (absent in sessions stored before it came). */
  dept_name?: string;
  post_id: string;
  avatar: string;
  oauth_id: string;
  license: string;
}

export interface TokenError {
  error_code: number;
  error_description: string;
}

export interface MenuMeta {
  i18n?: string;
  roles?: string[];
  keepAlive?: boolean;
  menu?: boolean;
  isAuth?: boolean;
}

export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn?: string;
  alias?: string;
  path: string;
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  isOpen?: number;
  remark?: string;
  remote?: string;
  remoteEntry?: string;
  meta?: MenuMeta;
  query?: Record<string, string> | string;
  children?: MenuNode[];
}

export interface ButtonNode {
  id?: string;
  code: string;
  name?: string;
  alias?: string;
  path?: string;
  source?: string;
  action?: number;
  children?: ButtonNode[];
}

export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source?: string;
  path?: string;
  sort?: number;
}

export interface DictItem {
  id: string;
  code: string;
  dictKey: string;
  dictValue: string;
  dictValueBo?: string;
  sort?: number;
  remark?: string;
  /** The tag colour of the value (an antd preset such as `green`, or `#rrggbb`); none when empty. */
  color?: string;
}

export interface TenantInfo {
  tenantId: string;
  tenantName: string;
  domain: string;
}

export interface Param {
  id?: string;
  paramName: string;
  paramKey: string;
  paramValue: string;
  remark?: string;
}

export interface UserProfile {
  id: string;
  tenantId?: string;
  account?: string;
  name?: string;
  realName?: string;
  avatar?: string;
  email?: string;
  phone?: string;
  roleName?: string;
  deptName?: string;
}

export interface UpdateInfoBody {
  id?: string;
  avatar?: string;
  realName?: string;
  name?: string;
  phone?: string;
  email?: string;
}

export interface RegisterGuestBody {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  oauthId?: string;
  /** The captcha, when the server shows one (sent as the Captcha-Key / Captcha-Code headers, as at login). */
  captchaKey?: string;
  captchaCode?: string;
}

/** Local UI error log entry (docs/front-end.md#the-shells-frame). */
export interface LocalLog {
  type: string;
  message: string;
  stack?: string;
  info?: string;
  url: string;
  time: string;
}
