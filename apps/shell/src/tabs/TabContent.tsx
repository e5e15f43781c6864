import { lazy, Suspense, type ReactNode } from 'react';
import { Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useMenuStore } from '../menu/menu-store';
import { IframePage } from '../pages/IframePage';
import { pageForPath, type ShellPageId } from '../pages/page-for-path';
import { WelcomePage } from '../pages/WelcomePage';
import { ErrorBoundary } from '../remotes/ErrorBoundary';
import { RemoteTabPage } from '../remotes/RemoteTabPage';
import type { Tab } from './tab-rules';

// Secondary shell pages load on first use, so a deep link into a remote screen stays small.
const DashboardPage = lazy(() => import('../pages/DashboardPage'));
const ProfilePage = lazy(() => import('../pages/ProfilePage'));
const MapDesignPage = lazy(() => import('../pages/MapDesignPage'));
const TestPage = lazy(() => import('../pages/TestPage'));

const SHELL_PAGES: Record<ShellPageId, (props: { tab: Tab }) => ReactNode> = {
  wel: () => <WelcomePage />,
  dashboard: () => <DashboardPage />,
  test: ({ tab }) => <TestPage path={tab.path} query={tab.query} />,
  info: () => <ProfilePage />,
  map: () => <MapDesignPage />,
};

/** The page of one tab, each behind its own error boundary. */
export function TabContent({ tab }: { tab: Tab }) {
  const { t } = useTranslation('shell');
  const menus = useMenuStore((s) => s.menus);
  const spec = pageForPath(tab.path, menus);
  if (!spec) return null;
  return (
    <ErrorBoundary
      fallback={(error) => <Result status="error" title={t('errors.boundary')} subTitle={error.message} />}
    >
      {spec.kind === 'shell' && (
        <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
          {SHELL_PAGES[spec.id]({ tab })}
        </Suspense>
      )}
      {spec.kind === 'iframe' && <IframePage src={tab.query.src ?? ''} title={tab.query.name ?? ''} />}
      {spec.kind === 'remote' && <RemoteTabPage remote={spec.remote} path={tab.path} query={tab.query} />}
    </ErrorBoundary>
  );
}
