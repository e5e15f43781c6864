import { useEffect } from 'react';
import { Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { RegisterDialog } from '../dialogs/RegisterDialog';
import { useScreen } from '../hooks/use-screen';
import { activeTab } from '../tabs/tab-rules';
import { TabBar } from '../tabs/TabBar';
import { useTabsStore } from '../tabs/tabs-store';
import { TabPanes } from '../tabs/TabPanes';
import { useAppearanceStore } from '../theme/appearance-store';
import { THEMES } from '../theme/themes';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useMenuLoader } from './use-menu-loader';
import { useTabSync } from './use-tab-sync';
import './layout.css';

const SIDER_WIDTH = 230;

/** The layout: sidebar, top bar, tab bar and the kept-alive tab pages. */
export function MainLayout() {
  const { t } = useTranslation('shell');
  const collapsed = useAppearanceStore((s) => s.collapsed);
  const themeName = useAppearanceStore((s) => s.theme);
  const theme = THEMES[themeName];
  // a route opened with ?menu=false shows no sidebar (docs/front-end.md#routes)
  const showMenu = useTabsStore((s) => activeTab(s)?.query.menu !== 'false');
  const screen = useScreen();
  useEffect(() => {
    // screen-size class (docs/front-end.md#the-shells-frame) for styles; the smallest screens start with the
    // sidebar collapsed
    document.body.dataset.screen = String(screen);
    if (screen === 0) useAppearanceStore.getState().setCollapsed(true);
  }, [screen]);
  useMenuLoader();
  useTabSync();
  return (
    <Layout className="tx-layout">
      {showMenu && (
        <Layout.Sider
          width={SIDER_WIDTH}
          collapsed={collapsed}
          collapsedWidth={64}
          trigger={null}
          theme={theme.menu}
          className="tx-sider"
        >
          <div className="tx-logo" style={{ color: theme.menu === 'dark' ? '#fff' : 'rgba(0,0,0,0.88)' }}>
            {collapsed ? (
              <span className="tx-logo-small">{t('app.short')}</span>
            ) : (
              <span className="tx-logo-large">{t('app.name')}</span>
            )}
          </div>
          <SideMenu theme={theme.menu} />
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header className="tx-header">
          <TopBar />
        </Layout.Header>
        <TabBar />
        <Layout.Content className="tx-content">
          <TabPanes />
        </Layout.Content>
      </Layout>
      <RegisterDialog />
    </Layout>
  );
}
