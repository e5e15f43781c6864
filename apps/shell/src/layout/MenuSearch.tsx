import { useState } from 'react';
import { AutoComplete, Input, List, Modal } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../menu/MenuIcon';
import { filterByRole, searchMenus } from '../menu/menu-tree';
import { useMenuStore } from '../menu/menu-store';
import { useMenuClick } from '../menu/use-menu-click';
import { useAuthStore } from '../session/auth-store';

function useMatches(query: string) {
  const menus = useMenuStore((s) => s.menus);
  const roleName = useAuthStore((s) => s.user?.role_name);
  return searchMenus(filterByRole(menus, roleName), query);
}

/** Header search box (docs/front-end.md#the-shells-frame): prefix match on the menu name. */
export function HeaderMenuSearch() {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useState('');
  const matches = useMatches(query);
  const open = useMenuClick();
  return (
    <AutoComplete
      value={query}
      style={{ width: 180 }}
      options={matches.map((node) => ({ value: node.id, label: node.name }))}
      onSearch={setQuery}
      onSelect={(id: string) => {
        const node = matches.find((m) => m.id === id);
        setQuery('');
        if (node) open(node);
      }}
    >
      <Input
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        aria-label={t('search.title')}
      />
    </AutoComplete>
  );
}

/** Search overlay (docs/front-end.md#the-shells-frame): Esc closes it. */
export function MenuSearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const [query, setQuery] = useState('');
  const matches = useMatches(query);
  const openMenu = useMenuClick();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('search.title')} keyboard destroyOnHidden>
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <List
        style={{ marginTop: 12, maxHeight: 360, overflow: 'auto' }}
        locale={{ emptyText: query ? t('search.empty') : ' ' }}
        dataSource={matches}
        renderItem={(node) => (
          <List.Item
            style={{ cursor: 'pointer' }}
            onClick={() => {
              openMenu(node);
              setQuery('');
              onClose();
            }}
          >
            <List.Item.Meta
              avatar={<MenuIcon source={node.source} />}
              title={node.name}
              description={node.path}
            />
          </List.Item>
        )}
      />
    </Modal>
  );
}
