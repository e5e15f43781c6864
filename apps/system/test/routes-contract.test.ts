import { describe, expect, it } from 'vitest';
import { isRemoteRoutesModule, REMOTE_API_VERSION } from '@tongxin/shared-ui/session';
import * as remote from '../src/routes';

const keys = (bundle: object, prefix = ''): string[] =>
  Object.entries(bundle).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('system remote: the one exposed module', () => {
  it('satisfies the host<->remote contract', () => {
    expect(isRemoteRoutesModule(remote)).toBe(true);
    expect(remote.apiVersion).toBe(REMOTE_API_VERSION);
    expect(remote.namespace).toBe('system');
  });

  it('serves every system-administration menu path with a lazy page', () => {
    for (const path of [
      '/system/user',
      '/system/dept',
      '/system/post',
      '/authority/role',
      '/system/menu',
      '/system/topmenu',
      '/system/param',
      '/system/tenant',
      '/system/tenantpackage',
      '/system/client',
      '/system/region',
      '/authority/datascope',
      '/authority/apiscope',
      '/system/dictbiz',
      '/dict-horizontal/index',
      '/dict-vertical/index',
    ])
      expect(Object.keys(remote.routes), path).toContain(path);
    for (const page of Object.values(remote.routes)) expect(typeof page).toBe('object');
  });

  it('has the same wording keys in zh-CN and en', () => {
    expect(keys(remote.i18n.en).sort()).toEqual(keys(remote.i18n['zh-CN']).sort());
    expect(keys(remote.i18n['zh-CN']).length).toBeGreaterThan(0);
  });
});
