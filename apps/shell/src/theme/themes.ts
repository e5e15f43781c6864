import type { ThemeConfig } from 'antd';

/** The eleven themes (docs/front-end.md#the-shells-frame). Type-only antd import: this file stays out of the
 * /login bundle. */
export const THEME_NAMES = [
  'default',
  'theme-white',
  'theme-dark',
  'theme-star',
  'theme-bule',
  'theme-iview',
  'theme-vip',
  'theme-cool',
  'theme-d2',
  'theme-hey',
  'theme-lte',
] as const;
export type ThemeName = (typeof THEME_NAMES)[number];

export interface ShellTheme {
  /** antd dark algorithm (theme-dark only). */
  dark: boolean;
  /** antd Menu theme of the sidebar. */
  menu: 'dark' | 'light';
  /** Text colour on the header background. */
  headerText: string;
  /** Swatch shown in the theme dialog. */
  swatch: [string, string];
  config: Omit<ThemeConfig, 'algorithm'>;
}

const sider = (siderBg: string, headerBg: string, extraMenu: Record<string, string> = {}) => ({
  Layout: { siderBg, headerBg, triggerBg: siderBg, headerPadding: '0 16px', headerHeight: 56 },
  Menu: { darkItemBg: siderBg, darkSubMenuItemBg: siderBg, darkPopupBg: siderBg, ...extraMenu },
});

export const THEMES: Record<ThemeName, ShellTheme> = {
  default: {
    dark: false,
    menu: 'dark',
    headerText: 'rgba(0,0,0,0.88)',
    swatch: ['#20222a', '#ffffff'],
    config: { token: { borderRadius: 4, colorBgLayout: '#f0f2f5' }, components: sider('#20222a', '#ffffff') },
  },
  'theme-white': {
    dark: false,
    menu: 'light',
    headerText: 'rgba(0,0,0,0.88)',
    swatch: ['#ffffff', '#ffffff'],
    config: {
      token: { borderRadius: 6, colorBgLayout: '#f5f7fa' },
      components: {
        Layout: {
          siderBg: '#ffffff',
          headerBg: '#ffffff',
          triggerBg: '#ffffff',
          headerHeight: 56,
          headerPadding: '0 16px',
        },
      },
    },
  },
  'theme-dark': {
    dark: true,
    menu: 'dark',
    headerText: 'rgba(255,255,255,0.85)',
    swatch: ['#141414', '#1f1f1f'],
    config: { token: { borderRadius: 6, colorBgLayout: '#000000' }, components: sider('#141414', '#1f1f1f') },
  },
  'theme-star': {
    dark: false,
    menu: 'dark',
    headerText: '#ffffff',
    swatch: ['#0e1a3a', '#1a2c5b'],
    config: {
      token: { borderRadius: 8, colorBgLayout: '#eef1f8' },
      components: sider('#0e1a3a', '#1a2c5b', { darkItemSelectedBg: '#2a4a8f' }),
    },
  },
  'theme-bule': {
    dark: false,
    menu: 'dark',
    headerText: '#ffffff',
    swatch: ['#1f3c74', '#2d5aa8'],
    config: {
      token: { borderRadius: 4, colorBgLayout: '#eef3fb' },
      components: sider('#1f3c74', '#2d5aa8', { darkItemSelectedBg: '#3a70cf' }),
    },
  },
  'theme-iview': {
    dark: false,
    menu: 'dark',
    headerText: 'rgba(0,0,0,0.88)',
    swatch: ['#515a6e', '#ffffff'],
    config: {
      token: { borderRadius: 4, colorBgLayout: '#f5f7f9', fontSize: 14 },
      components: sider('#515a6e', '#ffffff', { darkItemSelectedBg: '#363e4f' }),
    },
  },
  'theme-vip': {
    dark: false,
    menu: 'dark',
    headerText: '#f5d9a8',
    swatch: ['#1d1e23', '#2b2c33'],
    config: {
      token: { borderRadius: 6, colorBgLayout: '#f3f3f5' },
      components: sider('#1d1e23', '#2b2c33', {
        darkItemSelectedColor: '#f5d9a8',
        darkItemColor: 'rgba(245,217,168,0.75)',
      }),
    },
  },
  'theme-cool': {
    dark: false,
    menu: 'dark',
    headerText: '#ffffff',
    swatch: ['#0f3d4a', '#16697a'],
    config: {
      token: { borderRadius: 10, colorBgLayout: '#eef6f7' },
      components: sider('#0f3d4a', '#16697a', { darkItemSelectedBg: '#1f8a9e' }),
    },
  },
  'theme-d2': {
    dark: false,
    menu: 'light',
    headerText: 'rgba(0,0,0,0.75)',
    swatch: ['#ebf1f6', '#ebf1f6'],
    config: {
      token: { borderRadius: 4, colorBgLayout: '#ebf1f6' },
      components: {
        Layout: {
          siderBg: '#ebf1f6',
          headerBg: '#ebf1f6',
          triggerBg: '#dde6ee',
          headerHeight: 56,
          headerPadding: '0 16px',
        },
        Menu: { itemBg: '#ebf1f6', subMenuItemBg: '#ebf1f6' },
      },
    },
  },
  'theme-hey': {
    dark: false,
    menu: 'dark',
    headerText: 'rgba(0,0,0,0.88)',
    swatch: ['#3b4253', '#ffffff'],
    config: {
      token: { borderRadius: 2, colorBgLayout: '#f3f5f8' },
      components: sider('#3b4253', '#ffffff', { darkItemSelectedBg: '#2c3240' }),
    },
  },
  'theme-lte': {
    dark: false,
    menu: 'dark',
    headerText: '#ffffff',
    swatch: ['#222d32', '#3c8dbc'],
    config: {
      token: { borderRadius: 3, colorBgLayout: '#ecf0f5' },
      components: sider('#222d32', '#3c8dbc', { darkItemSelectedBg: '#1e282c' }),
    },
  },
};

export const isThemeName = (value: string): value is ThemeName =>
  (THEME_NAMES as readonly string[]).includes(value);
