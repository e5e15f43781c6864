import { beforeEach, describe, expect, it } from 'vitest';
import { getStore, getToken } from '@tongxin/api-client';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { useMenuStore } from '../src/menu/menu-store';
import { useAuthStore } from '../src/session/auth-store';
import { completeLogin, logoutLocally } from '../src/session/session-actions';
import { useTabsStore } from '../src/tabs/tabs-store';

const token = {
  access_token: 'A',
  refresh_token: 'R',
  token_type: 'bearer' as const,
  expires_in: 3600,
  tenant_id: '000000',
  user_id: '1',
  user_name: 'admin',
  nick_name: 'n',
  real_name: 'r',
  account: 'admin',
  role_name: 'administrator',
  role_id: '1',
  dept_id: '1',
  post_id: '1',
  avatar: '',
  oauth_id: '',
  license: '',
};
const tab = (path: string) => ({ key: path, path, label: path, query: {}, close: true });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session transitions', () => {
  it('login stores token, tenant and user, and clears tabs and the lock', () => {
    useTabsStore.getState().open(tab('/system/param'));
    useAuthStore.getState().setLockPasswd('123');
    useAuthStore.getState().lock();
    completeLogin(token);
    expect(getToken()).toBe('A');
    expect(getStore('tenantId')).toBe('000000');
    expect(useAuthStore.getState()).toMatchObject({ token: 'A', isLocked: false, lockPasswd: '' });
    expect(useSessionStore.getState().user?.account).toBe('admin');
    expect(useTabsStore.getState().tabs.map((t) => t.key)).toEqual(['/wel/index']);
  });

  it('logout clears token, menus, permissions, tabs and lock', () => {
    completeLogin(token);
    useMenuStore.setState({
      menus: [{ id: '1', parentId: '0', code: 'c', name: 'n', path: '/x' }],
      loaded: true,
    });
    useSessionStore.getState().setPermissions({ param_add: true });
    useTabsStore.getState().open(tab('/x'));
    useAuthStore.getState().setLockPasswd('1');
    logoutLocally();
    expect(getToken()).toBe('');
    expect(useAuthStore.getState().token).toBe('');
    expect(useMenuStore.getState()).toMatchObject({ menus: [], loaded: false });
    expect(useSessionStore.getState().permissions).toEqual({});
    expect(useTabsStore.getState().tabs).toHaveLength(1);
    expect(useAuthStore.getState().lockPasswd).toBe('');
  });

  it('lock needs the password set first and unlocks only with it', () => {
    const auth = useAuthStore.getState();
    expect(auth.unlock('')).toBe(false);
    auth.setLockPasswd('secret');
    auth.lock();
    expect(useAuthStore.getState().isLocked).toBe(true);
    expect(getStore('isLock')).toBe(true);
    expect(useAuthStore.getState().unlock('nope')).toBe(false);
    expect(useAuthStore.getState().isLocked).toBe(true);
    expect(useAuthStore.getState().unlock('secret')).toBe(true);
    expect(useAuthStore.getState().isLocked).toBe(false);
  });

  it('open tabs are persisted so a reload keeps them', () => {
    useTabsStore.getState().reset();
    useTabsStore.getState().open(tab('/a'));
    expect(getStore<{ tabs: unknown[]; activeKey: string }>('tagList')).toMatchObject({ activeKey: '/a' });
    expect(getStore<{ tabs: unknown[] }>('tagList')?.tabs).toHaveLength(2);
  });
});
