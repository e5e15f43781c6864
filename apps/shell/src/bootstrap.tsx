import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './global.css';
import { preparePage } from './root/prepare-page';
import { Root } from './root/Root';

async function start() {
  await preparePage();
  const element = document.getElementById('root');
  if (!element) return;
  createRoot(element).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();
