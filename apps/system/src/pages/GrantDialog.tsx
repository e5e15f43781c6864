import { useEffect, useState, type Key } from 'react';
import { App, Modal, Spin, Tabs, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type R } from '@tongxin/api-client';
import { CRUD_NS, type TreeNode } from '@tongxin/shared-ui';

interface Props {
  /** Role grant (menus + data scopes + API scopes) or top-menu grant (menus only). */
  kind: 'role' | 'topMenu';
  ids: string[];
  onClose: () => void;
}

const leavesOnly = (tree: TreeNode[], keys: string[]): string[] => {
  const leaves = new Set<string>();
  const walk = (list: TreeNode[]) =>
    list.forEach((n) => (n.children?.length ? walk(n.children) : leaves.add(String(n.id))));
  walk(tree);
  return keys.filter((k) => leaves.has(k));
};

/** The scope trees of grant-tree hang scope rows under their menus; menu nodes get their own keys so
 * checking a scope never checks a menu id. */
const scopeTree = (tree: TreeNode[] | undefined): TreeNode[] =>
  (tree ?? []).map((menu) => ({
    ...menu,
    key: `menu-${menu.id}`,
    value: `menu-${menu.id}`,
    id: `menu-${menu.id}`,
    children: (menu.children ?? []).map((s) => ({ ...s, children: undefined })),
  }));

type Trees = { menu: TreeNode[]; dataScope: TreeNode[]; apiScope: TreeNode[] };
type Checked = { menu: Key[]; half: Key[]; dataScope: Key[]; apiScope: Key[] };

/** What the caller may grant (grant-tree offers only the menus and scopes they hold) and what the roles
 * or top menus hold now. */
async function loadGrant(kind: Props['kind'], ids: string[]): Promise<{ trees: Trees; checked: Checked }> {
  if (kind === 'role') {
    const [grant, keys] = await Promise.all([
      http.get<R<Trees>>('/api/blade-system/menu/grant-tree'),
      http.get<R<{ menu: string[]; dataScope: string[]; apiScope: string[] }>>(
        '/api/blade-system/menu/role-tree-keys',
        { params: { roleIds: ids.join(',') } },
      ),
    ]);
    const menu = grant.data.data.menu ?? [];
    return {
      trees: {
        menu,
        dataScope: scopeTree(grant.data.data.dataScope),
        apiScope: scopeTree(grant.data.data.apiScope),
      },
      checked: {
        menu: leavesOnly(menu, keys.data.data.menu),
        half: [],
        dataScope: keys.data.data.dataScope,
        apiScope: keys.data.data.apiScope,
      },
    };
  }
  const [grant, keys] = await Promise.all([
    http.get<R<{ menu: TreeNode[] }>>('/api/blade-system/menu/grant-top-tree'),
    http.get<R<{ menu: string[] }>>('/api/blade-system/menu/top-tree-keys', {
      params: { topMenuIds: ids.join(',') },
    }),
  ]);
  const menu = grant.data.data.menu ?? [];
  return {
    trees: { menu, dataScope: [], apiScope: [] },
    checked: { menu: leavesOnly(menu, keys.data.data.menu), half: [], dataScope: [], apiScope: [] },
  };
}

/** 权限设置 (role/grant) and 菜单配置 (topmenu/grant): checked menus (plus half-checked parents) are sent. */
export function GrantDialog({ kind, ids, onClose }: Props) {
  const { t } = useTranslation(['system', CRUD_NS]);
  const { message } = App.useApp();
  const [loading, setLoading] = useState(true);
  const [trees, setTrees] = useState<Trees>({ menu: [], dataScope: [], apiScope: [] });
  const [checked, setChecked] = useState<Checked>({
    menu: [],
    half: [],
    dataScope: [],
    apiScope: [],
  });
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let alive = true;
    loadGrant(kind, ids)
      .then((got) => {
        if (!alive) return;
        setTrees(got.trees);
        setChecked(got.checked);
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [kind, ids]);

  const submit = async () => {
    setSaving(true);
    try {
      const menuIds = [...checked.menu, ...checked.half].map(String);
      if (kind === 'role')
        await http.post('/api/blade-system/role/grant', {
          roleIds: ids,
          menuIds,
          dataScopeIds: checked.dataScope.map(String).filter((k) => !k.startsWith('menu-')),
          apiScopeIds: checked.apiScope.map(String).filter((k) => !k.startsWith('menu-')),
        });
      else await http.post('/api/blade-system/topmenu/grant', { topMenuIds: ids, menuIds });
      void message.success(t('crud:operateSuccess'));
      onClose();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  const tree = (which: 'menu' | 'dataScope' | 'apiScope') => (
    <div style={{ maxHeight: 420, overflow: 'auto' }} data-testid={`grant-${which}`}>
      <Tree
        checkable
        defaultExpandAll
        treeData={trees[which]}
        fieldNames={{ key: 'key', title: 'title', children: 'children' }}
        checkedKeys={which === 'menu' ? checked.menu : checked[which]}
        onCheck={(keys, info) => {
          const list = Array.isArray(keys) ? keys : keys.checked;
          setChecked((c) =>
            which === 'menu'
              ? { ...c, menu: list, half: info.halfCheckedKeys ?? [] }
              : { ...c, [which]: list },
          );
        }}
      />
    </div>
  );

  return (
    <Modal
      open
      title={kind === 'role' ? t('grant.title') : t('grant.topMenuTitle')}
      width={560}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('crud:confirm')}
      cancelText={t('crud:cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      {loading ? (
        <Spin />
      ) : kind === 'role' ? (
        <Tabs
          items={[
            { key: 'menu', label: t('grant.menu'), children: tree('menu') },
            { key: 'dataScope', label: t('grant.dataScope'), children: tree('dataScope') },
            { key: 'apiScope', label: t('grant.apiScope'), children: tree('apiScope') },
          ]}
        />
      ) : (
        tree('menu')
      )}
    </Modal>
  );
}
