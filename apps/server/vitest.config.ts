import { defineConfig } from 'vitest/config';

// Server tests run on embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set.
// CI retries a failed test once (as the browser tests do): several tests start processes, kill them
// and restart PostgreSQL, and a loaded CI machine can miss one of their waits.
const base = {
  include: ['test/**/*.test.ts'],
  testTimeout: 90_000,
  hookTimeout: 180_000,
  retry: process.env.CI ? 1 : 0,
  // A worker imports the server once for all its files (about 4 s a file otherwise): every test builds
  // its own app and database, and no module keeps state between apps.
  isolate: false,
};
export default defineConfig({
  test: {
    // once per run: one migrated and seeded database, copied for each test server (test/seeded-template.ts)
    globalSetup: ['test/global-setup.ts'],
    projects: [
      { test: { ...base, name: 'pglite', env: { TEST_DB: 'pglite' } } },
      ...(process.env.DATABASE_URL
        ? [{ test: { ...base, name: 'postgres', env: { TEST_DB: 'postgres' } } }]
        : []),
    ],
  },
});
