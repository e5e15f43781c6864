import { createAppConfig } from '@tongxin/build-config';

export default createAppConfig({ name: 'shell', dir: import.meta.dirname, title: '同心' });
