import type { LanguageBundles } from '@tongxin/shared-ui/session';

/** The remote's wording, in its own i18next namespace (zh-CN first). */
export const sampleI18n: LanguageBundles = {
  'zh-CN': { title: '示例页面', greeting: '{{name}}，你好', openHome: '回到首页' },
  en: { title: 'Sample page', greeting: 'Hello, {{name}}', openHome: 'Back home' },
};
