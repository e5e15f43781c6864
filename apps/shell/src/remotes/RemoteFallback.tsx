import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** "模块暂不可用" with retry, shown inside the tab of a remote that failed
 * (docs/remotes.md#cache-headers-and-redeploys). */
export function RemoteFallback({ detail, onRetry }: { detail: string; onRetry: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="warning"
      title={t('remote.unavailable')}
      subTitle={detail}
      extra={
        <Button type="primary" icon={<ReloadOutlined />} onClick={onRetry} data-testid="remote-retry">
          {t('remote.retry')}
        </Button>
      }
    />
  );
}
