import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'happy-dom',
    testTimeout: 60_000,
    setupFiles: ['./test/setup-dom.ts'],
    include: ['test/**/*.test.{ts,tsx}'],
  },
});
