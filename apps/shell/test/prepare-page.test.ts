// Issue 10 item 7: after a reload (F5) the shared session store, which remotes read, holds the user
// browser storage kept (only the login used to fill it).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { saveTokenResponse, type TokenResponse } from '@tongxin/api-client';
import { useSessionStore } from '@tongxin/shared-ui/session';

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
const { preparePage } = await import('../src/root/prepare-page');

const token = {
  access_token: 'A',
  refresh_token: 'R',
  token_type: 'bearer',
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  user_name: 'admin',
  nick_name: '管理员',
  real_name: '管理员',
  account: 'admin',
  role_name: 'administrator',
  role_id: '1',
  dept_id: '1',
  post_id: '1',
  avatar: '',
  oauth_id: '',
  license: '',
} as TokenResponse;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('page start', () => {
  it('fills the shared session store from browser storage', async () => {
    saveTokenResponse(token);
    useSessionStore.getState().reset();
    expect(useSessionStore.getState().user).toBeUndefined();
    await preparePage();
    expect(useSessionStore.getState().user).toMatchObject({ account: 'admin', tenant_id: '000000' });
  });

  it('keeps a ?devRemote= for this tab and drops it from the address', async () => {
    window.history.replaceState(
      null,
      '',
      '/party/partyduty?devRemote=party=http://localhost:4301/mf-manifest.json',
    );
    await preparePage();
    expect(window.location.pathname + window.location.search).toBe('/party/partyduty');
    expect(JSON.parse(sessionStorage.getItem('tongxin.devRemotes') ?? '{}')).toEqual({
      party: 'http://localhost:4301/mf-manifest.json',
    });
  });
});
