import { useTranslation } from 'react-i18next';
import { addI18nBundles } from '@tongxin/shared-ui/session';

/** Wording of a remote opened on its own (its dev server, no shell). */
export const STANDALONE_NS = 'standalone';

addI18nBundles(STANDALONE_NS, {
  'zh-CN': {
    title: '远程模块 {{name}} 独立运行，请先登录',
    tenantId: '租户编号',
    username: '账号',
    password: '密码',
    captcha: '验证码',
    required: '请输入{{label}}',
    login: '登录',
    logout: '退出登录',
    signedIn: '当前用户：{{name}}',
  },
  en: {
    title: 'Remote module {{name}} on its own: sign in first',
    tenantId: 'Tenant ID',
    username: 'Account',
    password: 'Password',
    captcha: 'Captcha',
    required: 'Enter the {{label}}',
    login: 'Sign in',
    logout: 'Sign out',
    signedIn: 'Signed in as {{name}}',
  },
});

export const useStandaloneT = () => useTranslation(STANDALONE_NS).t;
