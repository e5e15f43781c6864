import { defineConfig } from 'vitest/config';

// Loading antd's CommonJS build to check the export lists takes seconds on a busy 2-core machine.
export default defineConfig({ test: { testTimeout: 60_000, include: ['test/**/*.test.mjs'] } });
