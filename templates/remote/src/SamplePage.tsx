import { Button, Card, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSessionStore, useShellBridge, type RemotePageProps } from '@tongxin/shared-ui/session';

/** A page the shell mounts in a tab for the menu path it serves. Use antd's shared components only
 * (the build fails on one the shell does not share); the session and navigation come from the shell. */
export default function SamplePage({ path, query }: RemotePageProps) {
  const { t } = useTranslation('sample');
  const user = useSessionStore((s) => s.user);
  const openTab = useShellBridge((s) => s.openTab);
  return (
    <Card title={t('title')}>
      <Space orientation="vertical">
        <Typography.Text>{t('greeting', { name: user?.nick_name ?? user?.account ?? '' })}</Typography.Text>
        <Typography.Text type="secondary">
          {path} {JSON.stringify(query)}
        </Typography.Text>
        <Button onClick={() => openTab('/wel/index')}>{t('openHome')}</Button>
      </Space>
    </Card>
  );
}
