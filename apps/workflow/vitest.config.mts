import { defineConfig } from 'vitest/config';

// antd renders slowly in happy-dom on a busy 2-core machine: generous per-test time, no timed asserts
export default defineConfig({
  test: { environment: 'happy-dom', testTimeout: 60_000, include: ['test/**/*.test.{ts,tsx}'] },
});
