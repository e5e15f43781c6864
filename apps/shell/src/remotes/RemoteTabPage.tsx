import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { matchRemoteRoute, type RemoteRoutesModule } from '@tongxin/shared-ui/session';
import { ErrorBoundary } from './ErrorBoundary';
import { RemoteFallback } from './RemoteFallback';
import { RemoteNotices } from './RemoteNotices';
import { loadRemoteRoutes, RemoteLoadError, retryRemote } from './remote-registry';
import { checkForUpdate } from './remote-updates';

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; module: RemoteRoutesModule }
  | { status: 'failed'; error: Error };

interface Props {
  remote: string;
  path: string;
  query: Record<string, string>;
}

/** One remote page inside one tab: loads the remote, falls back with retry, never blanks the shell. */
export function RemoteTabPage({ remote, path, query }: Props) {
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  // Which remote/attempt the current state belongs to. A kept-alive tab (<Activity hidden>) has its
  // effects cleaned up when hidden and re-run when shown again: without this, showing the tab would
  // reset it to the spinner and remount the remote page, losing its state (keep-alive,
  // docs/front-end.md#the-shells-frame).
  const settledFor = useRef('');

  // Each time the tab is shown (a kept-alive tab re-runs its effects): has the remote been redeployed?
  useEffect(() => {
    void checkForUpdate(remote);
  }, [remote]);

  useEffect(() => {
    const key = `${remote}#${attempt}`;
    if (settledFor.current === key) return;
    let alive = true;
    setState({ status: 'loading' });
    loadRemoteRoutes(remote).then(
      (module) => {
        if (!alive) return;
        settledFor.current = key;
        setState({ status: 'ready', module });
      },
      (error: unknown) =>
        alive &&
        setState({ status: 'failed', error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      alive = false;
    };
  }, [remote, attempt]);

  // a real refresh: loaded again past the cache, or the page reloaded once the remote's code ran
  const retry = () => {
    if (retryRemote(remote) === 'reset') setAttempt((n) => n + 1);
  };

  const describe = (error: Error): string => {
    if (error instanceof RemoteLoadError) {
      if (error.reason === 'notRegistered') return t('remote.notRegistered', { name: remote });
      if (error.reason === 'incompatible') return t('remote.incompatible', { name: remote });
      if (error.reason === 'timeout')
        return t('remote.failed', { name: remote, reason: t('remote.timeout') });
    }
    return t('remote.failed', { name: remote, reason: error.message });
  };

  const body = (): ReactNode => {
    if (state.status === 'loading') return <Spin style={{ display: 'block', margin: '80px auto' }} />;
    if (state.status === 'failed') return <RemoteFallback detail={describe(state.error)} onRetry={retry} />;
    const match = matchRemoteRoute(state.module.routes, path);
    if (!match)
      return <RemoteFallback detail={t('remote.pageMissing', { name: remote, path })} onRetry={retry} />;
    const Page = match.page;
    return (
      <ErrorBoundary
        key={attempt}
        fallback={(error) => <RemoteFallback detail={describe(error)} onRetry={retry} />}
      >
        <Suspense fallback={<Spin style={{ display: 'block', margin: '80px auto' }} />}>
          <Page path={path} query={query} params={match.params} />
        </Suspense>
      </ErrorBoundary>
    );
  };
  return (
    <>
      <RemoteNotices remote={remote} />
      {body()}
    </>
  );
}
