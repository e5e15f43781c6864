import { Avatar, Card, Descriptions, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../session/auth-store';

/** /wel/index, the home tab. */
export function WelcomePage() {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  const name = user?.real_name || user?.nick_name || user?.account || '';
  return (
    <Card variant="borderless">
      <Card.Meta
        avatar={<Avatar size={56} src={user?.avatar || undefined} icon={<UserOutlined />} />}
        title={
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('wel.greeting', { name })}
          </Typography.Title>
        }
        description={t('wel.intro')}
      />
      <Descriptions style={{ marginTop: 24 }} column={{ xs: 1, md: 2 }} bordered size="small">
        <Descriptions.Item label={t('wel.account')}>{user?.account}</Descriptions.Item>
        <Descriptions.Item label={t('wel.tenant')}>{user?.tenant_id}</Descriptions.Item>
        <Descriptions.Item label={t('wel.role')}>{user?.role_name}</Descriptions.Item>
        <Descriptions.Item label={t('wel.dept')}>{user?.dept_name}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
