import { createAppConfig } from '@tongxin/build-config';

export default createAppConfig({
  name: 'community',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.ts' },
});
