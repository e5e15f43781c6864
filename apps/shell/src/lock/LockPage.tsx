import { useEffect, useState } from 'react';
import { Avatar, Button, Input, Space, Typography } from 'antd';
import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { logout } from '@tongxin/api-client';
import { useAuthStore } from '../session/auth-store';
import { logoutLocally } from '../session/session-actions';
import { activeTabUrl } from '../tabs/tabs-store';
import { useAppearanceStore } from '../theme/appearance-store';

/** /lock (docs/front-end.md#session-and-lock): a locked session stays here until the lock password is
 * given. */
export function LockPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const unlock = useAuthStore((s) => s.unlock);
  const color = useAppearanceStore((s) => s.color);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');

  useEffect(() => {
    document.title = t('lock.title');
  }, [t]);

  const submit = () => {
    if (!password) return setError(t('lock.passwordRequired'));
    if (!unlock(password)) return setError(t('lock.wrongPassword'));
    // back to the page that was locked: the active tab, kept in storage across a reload at /lock
    void navigate(activeTabUrl(), { replace: true });
  };

  const signOut = async () => {
    await logout().catch(() => undefined);
    logoutLocally();
    void navigate('/login', { replace: true });
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: `linear-gradient(135deg, #1d1e23, ${color})`,
      }}
    >
      <Space direction="vertical" align="center" size="large" style={{ color: '#fff' }}>
        <Avatar size={88} src={user?.avatar || undefined} icon={<LockOutlined />} />
        <Typography.Title level={3} style={{ color: '#fff', margin: 0 }}>
          {user?.real_name || user?.nick_name || user?.account}
        </Typography.Title>
        <Typography.Text style={{ color: 'rgba(255,255,255,0.75)' }}>{t('lock.locked')}</Typography.Text>
        <Space.Compact style={{ width: 320 }}>
          <Input.Password
            autoFocus
            value={password}
            status={error ? 'error' : undefined}
            placeholder={t('lock.unlockPlaceholder')}
            onChange={(e) => {
              setPassword(e.target.value);
              setError('');
            }}
            onPressEnter={submit}
          />
          <Button type="primary" icon={<UnlockOutlined />} onClick={submit}>
            {t('lock.unlock')}
          </Button>
        </Space.Compact>
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
        <Button ghost icon={<LogoutOutlined />} onClick={() => void signOut()}>
          {t('lock.logout')}
        </Button>
      </Space>
    </div>
  );
}
