import { createAppConfig } from '@tongxin/build-config';

export default createAppConfig({
  name: 'party',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.ts' },
});
