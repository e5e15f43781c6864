import { Alert, Button } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { devRemotes } from './dev-remotes';
import { reloadPage } from './reload-page';
import { isOutdated, useRemoteVersions } from './remote-versions';

/** Above a remote's page: 刷新以更新 when a newer build of the remote was deployed since its code ran in
 * this page (the two cannot mix in one page), and a note when a local dev server serves it. */
export function RemoteNotices({ remote }: { remote: string }) {
  const { t } = useTranslation('shell');
  const outdated = useRemoteVersions((s) => isOutdated(s, remote));
  const devEntry = devRemotes()[remote];
  return (
    <>
      {devEntry && (
        <Alert
          type="warning"
          showIcon
          banner
          title={t('remote.devServer', { name: remote, entry: devEntry })}
        />
      )}
      {outdated && (
        <Alert
          type="info"
          showIcon
          banner
          data-testid="remote-updated"
          title={t('remote.updated', { name: remote })}
          action={
            <Button
              size="small"
              type="primary"
              icon={<ReloadOutlined />}
              onClick={reloadPage}
              data-testid="remote-refresh"
            >
              {t('remote.refresh')}
            </Button>
          }
        />
      )}
    </>
  );
}
