// Opened on its own (`pnpm dev`, http://localhost:4310): a sign-in, then a tab per page.
import { renderStandalone } from '@tongxin/shared-ui';
import * as remoteModule from './routes';

const root = document.getElementById('root');
if (root) void renderStandalone(remoteModule, root);
