import { useEffect, useState } from 'react';
import { Button, ColorPicker, Dropdown, Space, Tooltip } from 'antd';
import {
  CompressOutlined,
  ExpandOutlined,
  GlobalOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import i18next from 'i18next';
import { useTranslation } from 'react-i18next';
import { toI18nLanguage, useAppearanceStore, type StoredLanguage } from '../theme/appearance-store';
import { THEMES } from '../theme/themes';
import { HeaderMenuSearch, MenuSearchOverlay } from './MenuSearch';
import { ErrorLogButton } from './top/ErrorLogButton';
import { LockButton } from './top/LockButton';
import { NoticePopover } from './top/NoticePopover';
import { ThemeButton } from './top/ThemeButton';
import { TopMenuTabs } from './top/TopMenuTabs';
import { UserMenu } from './top/UserMenu';

function useFullscreen() {
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () =>
    void (
      document.fullscreenElement ? document.exitFullscreen() : document.documentElement.requestFullscreen()
    ).catch(() => undefined);
  return { full, toggle };
}

/** Top bar (docs/front-end.md#the-shells-frame). */
export function TopBar() {
  const { t } = useTranslation('shell');
  const collapsed = useAppearanceStore((s) => s.collapsed);
  const color = useAppearanceStore((s) => s.color);
  const themeName = useAppearanceStore((s) => s.theme);
  const language = useAppearanceStore((s) => s.language);
  const { full, toggle } = useFullscreen();
  const [searching, setSearching] = useState(false);
  const theme = THEMES[themeName];
  const textColor = theme.headerText;
  const menuTheme = theme.dark || ['#ffffff', '#f5d9a8'].includes(textColor) ? 'dark' : 'light';

  const setLanguage = (next: StoredLanguage) => {
    useAppearanceStore.getState().setLanguage(next);
    void i18next.changeLanguage(toI18nLanguage(next));
  };

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, height: '100%', color: textColor }}>
      <Tooltip title={t('top.collapse')}>
        <Button
          type="text"
          style={{ color: textColor }}
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => useAppearanceStore.getState().setCollapsed(!collapsed)}
          aria-label={t('top.collapse')}
        />
      </Tooltip>
      <TopMenuTabs theme={menuTheme} />
      <div style={{ flex: 1 }} />
      <Space size={4} style={{ color: textColor }} className="tx-topbar-tools">
        <HeaderMenuSearch />
        <Tooltip title={t('search.title')}>
          <Button
            type="text"
            style={{ color: textColor }}
            icon={<SearchOutlined />}
            onClick={() => setSearching(true)}
            aria-label={t('search.title')}
          />
        </Tooltip>
        <Tooltip title={t('top.color')}>
          <ColorPicker
            size="small"
            value={color}
            onChangeComplete={(c) => useAppearanceStore.getState().setColor(c.toHexString())}
          />
        </Tooltip>
        <ErrorLogButton />
        <LockButton />
        <ThemeButton />
        <Tooltip title={full ? t('top.exitFullscreen') : t('top.fullscreen')}>
          <Button
            type="text"
            style={{ color: textColor }}
            icon={full ? <CompressOutlined /> : <ExpandOutlined />}
            onClick={toggle}
            aria-label={t('top.fullscreen')}
          />
        </Tooltip>
        <Dropdown
          menu={{
            selectedKeys: [language],
            items: [
              { key: 'zh', label: '中文' },
              { key: 'en', label: 'English' },
            ],
            onClick: ({ key }) => setLanguage(key as StoredLanguage),
          }}
        >
          <Button
            type="text"
            style={{ color: textColor }}
            icon={<GlobalOutlined />}
            aria-label={t('top.language')}
            data-testid="language-switch"
          />
        </Dropdown>
        <NoticePopover />
        <UserMenu color={textColor} />
      </Space>
      <MenuSearchOverlay open={searching} onClose={() => setSearching(false)} />
    </div>
  );
}
