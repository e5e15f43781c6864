import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { installErrorCapture } from './errorlog/install-error-capture';
import { initI18n } from './i18n/init-i18n';
import { installHttpHooks } from './root/install-http-hooks';
import { Root } from './root/Root';
import { toI18nLanguage, useAppearanceStore } from './theme/appearance-store';

async function start() {
  installErrorCapture();
  await initI18n(toI18nLanguage(useAppearanceStore.getState().language));
  installHttpHooks();
  const element = document.getElementById('root');
  if (!element) return;
  createRoot(element).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();
