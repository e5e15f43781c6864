import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../menu/MenuIcon';
import { useMenuStore } from '../../menu/menu-store';

/** Top-menu tabs with a home item: choosing one reloads the sidebar for that top menu. */
export function TopMenuTabs({ theme }: { theme: 'dark' | 'light' }) {
  const { t } = useTranslation('shell');
  const topMenus = useMenuStore((s) => s.topMenus);
  const topMenuId = useMenuStore((s) => s.topMenuId);
  return (
    <Menu
      mode="horizontal"
      theme={theme}
      selectedKeys={[topMenuId || 'home']}
      style={{ flex: 1, minWidth: 0, background: 'transparent', borderBottom: 0 }}
      items={[
        { key: 'home', icon: <MenuIcon source="HomeOutlined" />, label: t('menu.home') },
        ...[...topMenus]
          .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
          .map((top) => ({ key: top.id, icon: <MenuIcon source={top.source} />, label: top.name })),
      ]}
      onClick={({ key }) =>
        void useMenuStore
          .getState()
          .load(key === 'home' ? '' : key)
          .catch(() => undefined)
      }
    />
  );
}
