import { create } from 'zustand';
import { getStore, setStore, website } from '@tongxin/api-client';
import type { ThemeName } from './themes';

/** zh is stored as 'zh' under `language` (docs/front-end.md#the-shells-frame); i18next uses 'zh-CN'. */
export type StoredLanguage = 'zh' | 'en';
export const toI18nLanguage = (language: StoredLanguage): 'zh-CN' | 'en' =>
  language === 'en' ? 'en' : 'zh-CN';

interface AppearanceState {
  theme: ThemeName;
  color: string;
  language: StoredLanguage;
  collapsed: boolean;
  setTheme: (theme: ThemeName) => void;
  setColor: (color: string) => void;
  setLanguage: (language: StoredLanguage) => void;
  setCollapsed: (collapsed: boolean) => void;
}

export const useAppearanceStore = create<AppearanceState>((set) => ({
  theme: getStore<ThemeName>('themeName') ?? (website.defaultTheme as ThemeName),
  color: getStore<string>('colorName') ?? website.defaultColor,
  language: getStore<StoredLanguage>('language') === 'en' ? 'en' : 'zh',
  collapsed: getStore<boolean>('isCollapse') === true,
  setTheme: (theme) => {
    setStore({ name: 'themeName', content: theme });
    set({ theme });
  },
  setColor: (color) => {
    setStore({ name: 'colorName', content: color });
    set({ color });
  },
  setLanguage: (language) => {
    setStore({ name: 'language', content: language });
    set({ language });
  },
  setCollapsed: (collapsed) => {
    setStore({ name: 'isCollapse', content: collapsed });
    set({ collapsed });
  },
}));
