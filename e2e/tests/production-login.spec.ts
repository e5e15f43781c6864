// Issue 10 proof: production refuses the shipped client secret, and the unchanged build of the shell logs
// in against a production server with a CLIENT_SECRET of its own (the server names it in the page).
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from '../helpers/server';
import { loginAsAdmin, openParamPage, paramRows } from '../helpers/shell';

// the port after the browser tests' own
const port = Number(process.env.E2E_PORT ?? 18181) + 1;
const clientSecret = `own-${randomBytes(12).toString('hex')}`;
let server: ExtraServer;

test.use({ baseURL: `http://localhost:${port}` });
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startExtraServer(port, {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    CLIENT_SECRET: clientSecret,
  });
});
test.afterAll(async () => {
  await server?.stop();
});

test('the built shell logs in against a production server with a client secret of its own', async ({
  page,
}) => {
  const basics: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/blade-auth/oauth/token'))
      basics.push(request.headers().authorization ?? '');
  });
  await loginAsAdmin(page);
  expect(basics).toEqual([`Basic ${Buffer.from(`saber:${clientSecret}`).toString('base64')}`]);
  // the session works past the login: a page of a remote loads its data
  await openParamPage(page);
  await expect(paramRows(page).first()).toBeVisible();
});
