import { renderStandalone } from '@tongxin/shared-ui';
import * as remoteModule from './routes';

const root = document.getElementById('root');
if (root) void renderStandalone(remoteModule, root);
