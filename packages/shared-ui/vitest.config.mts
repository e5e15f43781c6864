import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@tongxin/shared-ui/session': fileURLToPath(new URL('./src/session/index.ts', import.meta.url)),
    },
  },
  // antd renders slowly in happy-dom on a busy 2-core machine: generous per-test time, no timed asserts
  test: {
    environment: 'happy-dom',
    testTimeout: 60_000,
    setupFiles: ['./test/setup-dom.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
