import { useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleResource, topMenuResource } from '@tongxin/resources';
import { ResourcePage } from '@tongxin/shared-ui';
import { GrantDialog } from './GrantDialog';

/** 角色管理 (the whole forest, unpaged: the definition's `tree.forest`) with 权限设置: menus, data scopes and
 * API scopes. */
export function RolePage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [ids, setIds] = useState<string[]>();
  return (
    <>
      <ResourcePage
        def={roleResource}
        actions={{
          grant: ({ ids: picked }) => {
            if (!picked.length) void message.warning(t('crud:selectAtLeastOne'));
            else setIds(picked);
          },
        }}
      />
      {ids && <GrantDialog kind="role" ids={ids} onClose={() => setIds(undefined)} />}
    </>
  );
}

/** 顶部菜单 with 菜单配置. */
export function TopMenuPage() {
  const { t } = useTranslation('system');
  const { message } = App.useApp();
  const [ids, setIds] = useState<string[]>();
  return (
    <>
      <ResourcePage
        def={topMenuResource}
        actions={{
          setting: ({ ids: picked }) => {
            if (!picked.length) void message.warning(t('crud:selectAtLeastOne'));
            else setIds(picked);
          },
        }}
      />
      {ids && <GrantDialog kind="topMenu" ids={ids} onClose={() => setIds(undefined)} />}
    </>
  );
}
