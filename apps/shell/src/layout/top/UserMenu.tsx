import { lazy, Suspense, useState } from 'react';
import { App, Avatar, Dropdown, Space } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout, website } from '@tongxin/api-client';
import { useAuthStore } from '../../session/auth-store';
import { logoutLocally } from '../../session/session-actions';

// Only with switch mode on (off by default): its own chunk, never loaded otherwise.
const SwitchDialog = lazy(() =>
  import('../../dialogs/SwitchDialog').then((m) => ({ default: m.SwitchDialog })),
);

/** Avatar + name dropdown: dashboard, user info, switch dept/role (switch mode only), logout with confirmation. */
export function UserMenu({ color }: { color: string }) {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [switching, setSwitching] = useState(false);

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        logoutLocally();
        void navigate('/login', { replace: true });
      },
    });

  return (
    <>
      <Dropdown
        menu={{
          items: [
            { key: 'dashboard', label: t('top.dashboard') },
            { key: 'info', label: t('top.userInfo') },
            ...(website.switchMode ? [{ key: 'switch', label: t('top.switchDept') }] : []),
            { type: 'divider' },
            { key: 'logout', label: t('top.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'dashboard') void navigate('/wel/dashboard');
            if (key === 'info') void navigate('/info/index');
            if (key === 'switch') setSwitching(true);
            if (key === 'logout') confirmLogout();
          },
        }}
      >
        <Space style={{ cursor: 'pointer', color }} data-testid="user-menu">
          <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
          <span>{user?.real_name || user?.nick_name || user?.account}</span>
        </Space>
      </Dropdown>
      {website.switchMode && switching && (
        <Suspense fallback={null}>
          <SwitchDialog open onClose={() => setSwitching(false)} />
        </Suspense>
      )}
    </>
  );
}
