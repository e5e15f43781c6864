import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { App, ConfigProvider, Spin, Tabs } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addI18nBundles } from '@tongxin/shared-ui/session';
import type { RemoteRoutesModule } from '@tongxin/shared-ui/session';

/**
 * A remote opened on its own (its dev server, no shell): its own i18next init, ConfigProvider and a
 * tab per exposed page. Calls go to the same origin; the session is whatever the shell stored.
 */
export async function renderStandalone(module: RemoteRoutesModule, element: HTMLElement): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ lng: 'zh-CN', fallbackLng: 'zh-CN', interpolation: { escapeValue: false } });
  }
  addI18nBundles(module.namespace, module.i18n);
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
  createRoot(element).render(
    <StrictMode>
      <ConfigProvider locale={zhCN}>
        <App>
          <Tabs items={items} style={{ padding: 16 }} />
        </App>
      </ConfigProvider>
    </StrictMode>,
  );
}
