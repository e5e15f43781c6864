import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { addI18nBundles } from '@tongxin/shared-ui/session';
import type { RemoteRoutesModule } from '@tongxin/shared-ui/session';
import { StandaloneApp } from './StandaloneApp';

/** A remote opened on its own (`pnpm dev`, its dev server's page): its own i18next init, then the
 * standalone app (a sign-in when needed, a tab per exposed page). */
export async function renderStandalone(module: RemoteRoutesModule, element: HTMLElement): Promise<void> {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ lng: 'zh-CN', fallbackLng: 'zh-CN', interpolation: { escapeValue: false } });
  }
  addI18nBundles(module.namespace, module.i18n);
  createRoot(element).render(
    <StrictMode>
      <StandaloneApp module={module} />
    </StrictMode>,
  );
}
