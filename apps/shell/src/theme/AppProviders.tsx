import { useEffect, type ReactNode } from 'react';
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useAppearanceStore } from './appearance-store';
import { THEMES } from './themes';

/** The one ConfigProvider + App of the page: theme, colour and locale reach every remote. */
export function AppProviders({ children }: { children: ReactNode }) {
  const themeName = useAppearanceStore((s) => s.theme);
  const color = useAppearanceStore((s) => s.color);
  const language = useAppearanceStore((s) => s.language);
  const shellTheme = THEMES[themeName] ?? THEMES['theme-vip'];

  useEffect(() => {
    dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
    document.body.dataset.theme = themeName;
  }, [language, themeName]);

  return (
    <ConfigProvider
      locale={language === 'en' ? enUS : zhCN}
      theme={{
        ...shellTheme.config,
        algorithm: shellTheme.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { ...shellTheme.config.token, colorPrimary: color, colorLink: color },
      }}
    >
      <App>{children}</App>
    </ConfigProvider>
  );
}
