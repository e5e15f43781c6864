import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { shellEn } from '../src/i18n/shell-en';
import { shellZh } from '../src/i18n/shell-zh';

/** The shell's bundles in zh-CN, as the app starts them. */
export const initShellI18n = () =>
  i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    fallbackLng: 'zh-CN',
    defaultNS: 'shell',
    resources: { 'zh-CN': { shell: shellZh }, en: { shell: shellEn } },
  });
