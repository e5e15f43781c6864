import { Suspense, useEffect, useState } from 'react';
import { App, Button, ConfigProvider, Spin, Tabs } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import {
  clearTokens,
  configureHttp,
  getToken,
  getUserInfo,
  saveTokenResponse,
  type TokenResponse,
} from '@tongxin/api-client';
import { useSessionStore, type RemoteRoutesModule } from '@tongxin/shared-ui/session';
import { useStandaloneT } from './i18n';
import { StandaloneLogin } from './StandaloneLogin';

/**
 * A remote opened on its own (its dev server, no shell): a sign-in first when the browser holds no
 * session (calls go to the same origin, which the dev server proxies to the API), then a tab per page
 * of its route map. The session lands in the shared session store as in the shell.
 */
export function StandaloneApp({ module }: { module: RemoteRoutesModule }) {
  const t = useStandaloneT();
  const [user, setUser] = useState<TokenResponse | undefined>(() => (getToken() ? getUserInfo() : undefined));

  useEffect(() => {
    useSessionStore.getState().setUser(user);
  }, [user]);
  useEffect(() => {
    configureHttp({
      onUnauthorized: () => {
        clearTokens();
        setUser(undefined);
      },
    });
  }, []);

  const login = (res: TokenResponse) => {
    saveTokenResponse(res);
    setUser(res);
  };
  const logout = () => {
    clearTokens();
    setUser(undefined);
  };

  // layout routes with `:name` segments need values from a real navigation: not listed here
  const pages = Object.entries(module.routes).filter(([path]) => !path.includes('/:'));
  const items = pages.map(([path, Page]) => ({
    key: path,
    label: path,
    children: (
      <Suspense fallback={<Spin />}>
        <Page path={path} query={{}} />
      </Suspense>
    ),
  }));
  return (
    <ConfigProvider locale={zhCN}>
      <App>
        {user ? (
          <Tabs
            items={items}
            style={{ padding: 16 }}
            tabBarExtraContent={
              <Button onClick={logout}>
                {t('signedIn', { name: user.nick_name || user.account })} · {t('logout')}
              </Button>
            }
          />
        ) : (
          <StandaloneLogin name={module.namespace} onLogin={login} />
        )}
      </App>
    </ConfigProvider>
  );
}
