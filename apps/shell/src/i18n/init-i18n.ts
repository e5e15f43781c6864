import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { shellEn } from './shell-en';
import { shellZh } from './shell-zh';

export const SHELL_NS = 'shell';

/** Creates and initialises the one i18next instance of the page; remotes add namespaces to it. */
export async function initI18n(language: 'zh-CN' | 'en'): Promise<void> {
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'zh-CN',
    defaultNS: SHELL_NS,
    ns: [SHELL_NS],
    resources: { 'zh-CN': { [SHELL_NS]: shellZh }, en: { [SHELL_NS]: shellEn } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}
