import { defineConfig } from 'vitest/config';

// Server tests run on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
const base = { include: ['test/**/*.test.ts'], testTimeout: 90_000, hookTimeout: 180_000 };
export default defineConfig({
  test: {
    projects: [
      { test: { ...base, name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(process.env.DATABASE_URL
        ? [{ test: { ...base, name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
