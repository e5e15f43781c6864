// Issue 10 items 4, 6, 8: manifests past the cache and their build versions, 刷新以更新 when a remote
// running in the page was redeployed, 重试 as a real refresh, a hanging remote's fallback after ~15 s,
// and a developer's local dev server standing in for a remote in one browser tab.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { lazy } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { website } from '@tongxin/api-client';
import { REMOTE_API_VERSION } from '@tongxin/shared-ui/session';
import { shellEn } from '../src/i18n/shell-en';
import { shellZh } from '../src/i18n/shell-zh';

const runtime = vi.hoisted(() => ({
  registerRemotes: vi.fn(),
  registerPlugins: vi.fn(),
  loadRemote: vi.fn(),
}));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const page = vi.hoisted(() => ({ reloadPage: vi.fn() }));
vi.mock('../src/remotes/reload-page', () => page);

const { RemoteTabPage } = await import('../src/remotes/RemoteTabPage');
const { registerMenuRemotes } = await import('../src/remotes/remote-registry');
const { checkForUpdate } = await import('../src/remotes/remote-updates');
const { shellRuntimePlugin } = await import('../src/remotes/federation-plugin');
const { useRemoteVersions } = await import('../src/remotes/remote-versions');
const { takeDevRemoteParams, withDevRemotes } = await import('../src/remotes/dev-remotes');

const moduleOf = (namespace: string, text: string) => ({
  apiVersion: REMOTE_API_VERSION,
  namespace,
  i18n: { 'zh-CN': {}, en: {} },
  routes: { [`/${namespace}/page`]: lazy(async () => ({ default: () => <p>{text}</p> })) },
});
const manifest = (version: string) => ({
  id: 'x',
  name: 'x',
  metaData: { buildInfo: { buildVersion: version } },
  exposes: [],
  shared: [],
});
const fetchMock = vi.fn<typeof fetch>();
/** The deployed manifest answers `version` from now on. */
const deploy = (version: string) =>
  fetchMock.mockImplementation(async () => new Response(JSON.stringify(manifest(version))));

/** What the federation runtime does when it loads a remote: read its manifest through the plugin. */
async function runtimeReadsManifest(remote: string) {
  const plugin = shellRuntimePlugin();
  const res = await plugin.fetch!(`/remotes/${remote}/mf-manifest.json`, {}, {
    name: remote,
  } as never);
  return res as Response;
}

const renderTab = (remote: string) =>
  render(
    <App>
      <RemoteTabPage remote={remote} path={`/${remote}/page`} query={{}} />
    </App>,
  );

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchMock);
  await i18next.use(initReactI18next).init({
    lng: 'zh-CN',
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    resources: { 'zh-CN': { shell: shellZh }, en: { shell: shellEn } },
  });
});
beforeEach(() => {
  fetchMock.mockReset();
  page.reloadPage.mockReset();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('federation runtime plugin', () => {
  it('reads manifests past the browser cache and notes their build version', async () => {
    deploy('v1');
    const res = await runtimeReadsManifest('alpha');
    expect(fetchMock).toHaveBeenCalledWith('/remotes/alpha/mf-manifest.json', { cache: 'no-cache' });
    expect(((await res.json()) as ReturnType<typeof manifest>).metaData.buildInfo.buildVersion).toBe('v1');
    expect(useRemoteVersions.getState().fetched.alpha).toBe('v1');
  });

  it("loads a remote's entry with its manifest's version and every script in CORS mode", () => {
    useRemoteVersions.setState((s) => ({ fetched: { ...s.fetched, beta: 'abc123' } }));
    const plugin = shellRuntimePlugin();
    const entry = plugin.createScript!({
      url: 'http://localhost:18302/beta/remoteEntry.js',
      remoteInfo: { name: 'beta' } as never,
      resourceContext: { resourceType: 'remoteEntry' } as never,
    }) as HTMLScriptElement;
    expect(entry.src).toBe('http://localhost:18302/beta/remoteEntry.js?v=abc123');
    expect(entry.crossOrigin).toBe('anonymous');
    const chunk = plugin.createScript!({
      url: 'http://localhost:18302/beta/__federation_expose_routes.0a1b2c3d.js',
      remoteInfo: { name: 'beta' } as never,
    }) as HTMLScriptElement;
    expect(chunk.src).toBe('http://localhost:18302/beta/__federation_expose_routes.0a1b2c3d.js');
    expect(chunk.crossOrigin).toBe('anonymous');
  });
});

describe('a remote redeployed while its code runs in the page', () => {
  it('shows 刷新以更新 once the deployed manifest names another build, and refreshes the page', async () => {
    registerMenuRemotes([{ name: 'gamma', entry: '/remotes/gamma/mf-manifest.json' }]);
    deploy('v1');
    runtime.loadRemote.mockImplementationOnce(async () => {
      await runtimeReadsManifest('gamma');
      return moduleOf('gamma', 'gamma v1');
    });
    renderTab('gamma');
    expect(await screen.findByText('gamma v1')).toBeTruthy();
    await act(() => checkForUpdate('gamma'));
    expect(screen.queryByTestId('remote-refresh')).toBeNull();

    deploy('v2');
    await act(() => checkForUpdate('gamma'));
    expect(await screen.findByText('远程模块 gamma 已发布新版本，刷新页面后使用新版本')).toBeTruthy();
    expect(fetchMock).toHaveBeenLastCalledWith('/remotes/gamma/mf-manifest.json', { cache: 'no-cache' });
    fireEvent.click(screen.getByRole('button', { name: /刷新以更新/ }));
    expect(page.reloadPage).toHaveBeenCalledTimes(1);
    // the page itself stays as it was until then
    expect(screen.getByText('gamma v1')).toBeTruthy();
  });

  it('opening a tab of the remote checks it', async () => {
    registerMenuRemotes([{ name: 'delta', entry: '/remotes/delta/mf-manifest.json' }]);
    deploy('d1');
    runtime.loadRemote.mockImplementationOnce(async () => {
      await runtimeReadsManifest('delta');
      return moduleOf('delta', 'delta page');
    });
    renderTab('delta');
    expect(await screen.findByText('delta page')).toBeTruthy();
    cleanup();
    deploy('d2');
    renderTab('delta');
    expect(await screen.findByTestId('remote-refresh')).toBeTruthy();
  });

  it('重试 reloads the page once the remote ran (a failed page chunk cannot load again in place)', async () => {
    registerMenuRemotes([{ name: 'eps', entry: '/remotes/eps/mf-manifest.json' }]);
    deploy('e1');
    runtime.loadRemote.mockImplementationOnce(async () => {
      await runtimeReadsManifest('eps');
      return {
        ...moduleOf('eps', ''),
        routes: {
          '/eps/page': lazy(() => Promise.reject(new Error('Loading chunk 12 failed'))),
        },
      };
    });
    const calls = runtime.loadRemote.mock.calls.length;
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTab('eps');
    expect(await screen.findByText(/Loading chunk 12 failed/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(page.reloadPage).toHaveBeenCalledTimes(1);
    expect(runtime.loadRemote.mock.calls.length).toBe(calls + 1);
  });
});

describe('a remote that hangs', () => {
  it('falls back with 重试 after remoteLoadTimeoutMs (15 s), not the 120 s chunk timeout', async () => {
    expect(website.remoteLoadTimeoutMs).toBe(15_000);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    registerMenuRemotes([{ name: 'hang', entry: '/remotes/hang/mf-manifest.json' }]);
    runtime.loadRemote.mockImplementationOnce(() => new Promise(() => undefined));
    renderTab('hang');
    await act(() => vi.advanceTimersByTimeAsync(14_000));
    expect(screen.queryByText('模块暂不可用')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByText('远程模块 hang 加载失败：加载超时')).toBeTruthy();
    // never ran: 重试 loads it again in place
    runtime.loadRemote.mockResolvedValueOnce(moduleOf('hang', 'hang page'));
    fireEvent.click(screen.getByTestId('remote-retry'));
    expect(await screen.findByText('hang page')).toBeTruthy();
    expect(page.reloadPage).not.toHaveBeenCalled();
  });
});

describe('a local dev server standing in for a remote', () => {
  it('is taken from ?devRemote= for this tab, only on this machine, and shown above the page', async () => {
    const rest = takeDevRemoteParams(
      'https://tongxin.example.cn/party/partyduty?devRemote=party=http://localhost:4301/mf-manifest.json&devRemote=system=https://evil.example.com/x.json&a=1',
    );
    expect(rest).toBe('https://tongxin.example.cn/party/partyduty?a=1');
    const defs = [
      { name: 'party', entry: '/remotes/party/mf-manifest.json' },
      { name: 'system', entry: '/remotes/system/mf-manifest.json' },
    ];
    expect(withDevRemotes(defs)).toEqual([
      { name: 'party', entry: 'http://localhost:4301/mf-manifest.json' },
      { name: 'system', entry: '/remotes/system/mf-manifest.json' },
    ]);
    registerMenuRemotes(defs);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith(
      expect.arrayContaining([{ name: 'party', entry: 'http://localhost:4301/mf-manifest.json' }]),
      expect.anything(),
    );
    runtime.loadRemote.mockResolvedValueOnce(moduleOf('party', 'party page'));
    renderTab('party');
    expect(
      await screen.findByText('远程模块 party 来自本地开发服务器 http://localhost:4301/mf-manifest.json'),
    ).toBeTruthy();
    // `party=` alone forgets it
    takeDevRemoteParams('https://tongxin.example.cn/?devRemote=party=');
    expect(withDevRemotes(defs)).toEqual(defs);
  });
});
