import { useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuNode } from '@tongxin/api-client';
import { MenuIcon } from '../menu/MenuIcon';
import { ancestorIds, filterByRole, flattenMenus } from '../menu/menu-tree';
import { useMenuStore } from '../menu/menu-store';
import { useMenuClick } from '../menu/use-menu-click';
import { useAuthStore } from '../session/auth-store';
import { useActiveTabKey } from '../tabs/use-active-tab-key';

type Item = Required<MenuProps>['items'][number];

/** Sidebar from the server's menu, role-filtered (docs/front-end.md#the-shells-frame). */
export function SideMenu({ theme }: { theme: 'dark' | 'light' }) {
  const { i18n } = useTranslation();
  const menus = useMenuStore((s) => s.menus);
  const roleName = useAuthStore((s) => s.user?.role_name);
  const activeKey = useActiveTabKey();
  const onMenuClick = useMenuClick();
  const visible = filterByRole(menus, roleName);
  const byId = new Map(flattenMenus(visible).map((node) => [node.id, node]));
  const label = (node: MenuNode) => (i18n.language === 'en' && node.nameEn ? node.nameEn : node.name);

  const toItem = (node: MenuNode): Item =>
    node.children && node.children.length > 0
      ? {
          key: node.id,
          icon: <MenuIcon source={node.source} />,
          label: label(node),
          children: node.children.map(toItem),
        }
      : { key: node.id, icon: <MenuIcon source={node.source} />, label: label(node) };

  const activePath = activeKey.split('?')[0] ?? '';
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const ancestors = (ancestorIds(visible, activePath) ?? []).join(',');
  // a newly active page opens its ancestors (the ones the user opened stay open)
  const [opened, setOpened] = useState('');
  if (ancestors !== opened) {
    setOpened(ancestors);
    if (ancestors) setOpenKeys((keys) => [...new Set([...keys, ...ancestors.split(',')])]);
  }
  const selected = flattenMenus(visible)
    .filter((node) => node.path === activePath)
    .map((node) => node.id);

  return (
    <Menu
      theme={theme}
      mode="inline"
      selectedKeys={selected}
      openKeys={openKeys}
      onOpenChange={setOpenKeys}
      items={visible.map(toItem)}
      onClick={({ key }) => {
        const node = byId.get(key);
        if (node) onMenuClick(node);
      }}
      style={{ borderInlineEnd: 0 }}
    />
  );
}
