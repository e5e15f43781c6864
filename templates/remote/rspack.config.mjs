import { createAppConfig } from '@tongxin/build-config';

// `name` is the remote's federation name: the name a root menu registers it under (远程模块名称), and
// its folder under the server's STATIC_ROOT (`<name>/dist`). Letters, digits and underscores.
export default createAppConfig({
  name: 'sample',
  dir: import.meta.dirname,
  exposes: { './routes': './src/routes.ts' },
});
