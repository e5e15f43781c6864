import { useTranslation } from 'react-i18next';
import type { Tab } from './tab-rules';

/** A tab's label in the current language: i18n key, else nameEn in English, else the menu name. */
export function useTabLabel(): (tab: Tab) => string {
  const { t, i18n } = useTranslation('shell');
  return (tab) => {
    if (tab.i18n) return t(tab.i18n, { defaultValue: tab.label });
    if (i18n.language === 'en' && tab.labelEn) return tab.labelEn;
    return tab.label;
  };
}
