import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { Activity, lazy, useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REMOTE_API_VERSION } from '@tongxin/shared-ui/session';
import { shellEn } from '../src/i18n/shell-en';
import { shellZh } from '../src/i18n/shell-zh';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const { RemoteTabPage } = await import('../src/remotes/RemoteTabPage');
const { registerMenuRemotes, registeredRemotes } = await import('../src/remotes/remote-registry');

const goodModule = {
  apiVersion: REMOTE_API_VERSION,
  namespace: 'demo',
  i18n: { 'zh-CN': { title: '演示' }, en: { title: 'Demo' } },
  routes: { '/demo/page': lazy(async () => ({ default: () => <p>remote page body</p> })) },
};

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    resources: { 'zh-CN': { shell: shellZh }, en: { shell: shellEn } },
  });
});
afterEach(cleanup);

const renderTab = (remote: string, path: string) =>
  render(
    <App>
      <RemoteTabPage remote={remote} path={path} query={{}} />
      <p>other tab</p>
    </App>,
  );

describe('remote registry and fallback', () => {
  it('registers only new or changed remotes, with force when an entry URL changes', () => {
    registerMenuRemotes([{ name: 'demo', entry: '/remotes/demo/mf-manifest.json' }]);
    registerMenuRemotes([{ name: 'demo', entry: '/remotes/demo/mf-manifest.json' }]);
    expect(runtime.registerRemotes).toHaveBeenCalledTimes(1);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'demo', entry: '/remotes/demo/mf-manifest.json' }],
      { force: false },
    );
    registerMenuRemotes([{ name: 'demo', entry: 'https://cdn.example.org/demo/mf-manifest.json' }]);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'demo', entry: 'https://cdn.example.org/demo/mf-manifest.json' }],
      {
        force: true,
      },
    );
    expect(registeredRemotes()).toEqual([
      { name: 'demo', entry: 'https://cdn.example.org/demo/mf-manifest.json' },
    ]);
  });

  it('a remote that fails shows 模块暂不可用 with retry inside its tab; retry loads it', async () => {
    runtime.loadRemote.mockRejectedValueOnce(new Error('Failed to get manifest'));
    renderTab('demo', '/demo/page');
    expect(await screen.findByText('模块暂不可用')).toBeTruthy();
    expect(screen.getByText(/Failed to get manifest/)).toBeTruthy();
    expect(screen.getByText('other tab')).toBeTruthy();
    runtime.loadRemote.mockResolvedValueOnce(goodModule);
    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByText('remote page body')).toBeTruthy();
    expect(runtime.loadRemote).toHaveBeenLastCalledWith('demo/routes');
    expect(i18next.t('demo:title')).toBe('演示');
  });

  it('an incompatible module gets the fallback too', async () => {
    registerMenuRemotes([{ name: 'old', entry: '/remotes/old/mf-manifest.json' }]);
    runtime.loadRemote.mockResolvedValueOnce({ apiVersion: 99, namespace: 'old', i18n: {}, routes: {} });
    renderTab('old', '/old/page');
    expect(await screen.findByText('远程模块 old 的接口版本不兼容')).toBeTruthy();
  });

  it('a remote no menu registered is reported as such', async () => {
    renderTab('ghost', '/ghost/page');
    expect(await screen.findByText('没有菜单登记远程模块 ghost 的入口地址')).toBeTruthy();
  });

  it('a page the remote does not provide gets the fallback', async () => {
    registerMenuRemotes([{ name: 'partial', entry: '/remotes/partial/mf-manifest.json' }]);
    runtime.loadRemote.mockResolvedValueOnce({ ...goodModule, namespace: 'partial' });
    renderTab('partial', '/partial/missing');
    expect(await screen.findByText('远程模块 partial 未提供页面 /partial/missing')).toBeTruthy();
  });

  it('keep-alive: hiding and showing the tab keeps the loaded page and its state', async () => {
    registerMenuRemotes([{ name: 'kept', entry: '/remotes/kept/mf-manifest.json' }]);
    const Field = () => {
      const [value, setValue] = useState('');
      return <input aria-label="field" value={value} onChange={(e) => setValue(e.target.value)} />;
    };
    runtime.loadRemote.mockResolvedValueOnce({
      ...goodModule,
      namespace: 'kept',
      routes: { '/kept/page': lazy(async () => ({ default: Field })) },
    });
    const view = (mode: 'visible' | 'hidden') => (
      <App>
        <Activity mode={mode}>
          <RemoteTabPage remote="kept" path="/kept/page" query={{}} />
        </Activity>
      </App>
    );
    const { rerender } = render(view('visible'));
    const field = (await screen.findByLabelText('field')) as HTMLInputElement;
    fireEvent.change(field, { target: { value: '锁定次数' } });
    rerender(view('hidden'));
    rerender(view('visible'));
    const again = (await screen.findByLabelText('field')) as HTMLInputElement;
    expect(again.value).toBe('锁定次数');
    expect(runtime.loadRemote.mock.calls.filter(([id]) => id === 'kept/routes')).toHaveLength(1);
  });
});
