import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { environment: 'happy-dom', testTimeout: 30_000, include: ['test/**/*.test.ts'] },
});
