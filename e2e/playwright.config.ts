import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 18181);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './tests',
  timeout: 90_000,
  // a busy CI machine (2 cores, the whole suite in parallel) answers slower than a desk: wait, never race
  expect: { timeout: 15_000 },
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    baseURL,
    locale: 'zh-CN',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node start-server.mjs',
    url: `${baseURL}/api/blade-auth/oauth/captcha`,
    timeout: 120_000,
    reuseExistingServer: false,
  },
});
