import { describe, expect, it } from 'vitest';
import { isRemoteRoutesModule, matchRemoteRoute, REMOTE_API_VERSION } from '@tongxin/shared-ui/session';
import * as remote from '../src/routes';

const keys = (bundle: object, prefix = ''): string[] =>
  Object.entries(bundle).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('workflow remote: the one exposed module', () => {
  it('satisfies the host<->remote contract', () => {
    expect(isRemoteRoutesModule(remote)).toBe(true);
    expect(remote.apiVersion).toBe(REMOTE_API_VERSION);
    expect(remote.namespace).toBe('workflow');
  });

  it('serves its menu paths with lazy pages', () => {
    for (const path of ['/work/start', '/work/claim', '/work/todo', '/work/send', '/work/done']) {
      expect(Object.keys(remote.routes)).toContain(path);
    }
    for (const path of [
      '/work/process/leave',
      '/flow/model',
      '/flow/deploy',
      '/flow/manager',
      '/flow/follow',
    ]) {
      expect(Object.keys(remote.routes)).toContain(path);
    }
    for (const page of Object.values(remote.routes)) expect(typeof page).toBe('object');
  });

  it('serves the leave layout routes with their parameters', () => {
    expect(matchRemoteRoute(remote.routes, '/work/process/leave/form/Leave%3A1')?.params).toEqual({
      processDefinitionId: 'Leave:1',
    });
    expect(matchRemoteRoute(remote.routes, '/work/process/leave/handle/11/22/33')?.params).toEqual({
      taskId: '11',
      processInstanceId: '22',
      businessId: '33',
    });
    expect(matchRemoteRoute(remote.routes, '/work/process/leave/detail/22/33')?.params).toEqual({
      processInstanceId: '22',
      businessId: '33',
    });
    expect(matchRemoteRoute(remote.routes, '/work/process/leave/handle/11/22')).toBeUndefined();
    expect(matchRemoteRoute(remote.routes, '/work/process/leave/detail//33')).toBeUndefined();
    expect(matchRemoteRoute(remote.routes, '/work/todo')?.params).toEqual({});
  });

  it('has the same wording keys in zh-CN and en', () => {
    expect(keys(remote.i18n.en).sort()).toEqual(keys(remote.i18n['zh-CN']).sort());
    expect(keys(remote.i18n['zh-CN']).length).toBeGreaterThan(0);
  });
});
