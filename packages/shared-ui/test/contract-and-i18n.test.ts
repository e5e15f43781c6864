import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addI18nBundles, isRemoteRoutesModule, REMOTE_API_VERSION } from '../src/session/index';

describe('host<->remote contract', () => {
  it('accepts a routes module with apiVersion, namespace, i18n and routes', () => {
    expect(
      isRemoteRoutesModule({
        apiVersion: REMOTE_API_VERSION,
        namespace: 'x',
        i18n: { 'zh-CN': {}, en: {} },
        routes: {},
      }),
    ).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isRemoteRoutesModule(undefined)).toBe(false);
    expect(isRemoteRoutesModule({ default: () => null })).toBe(false);
    expect(isRemoteRoutesModule({ apiVersion: 1, namespace: 'x', routes: {} })).toBe(false);
    expect(isRemoteRoutesModule({ apiVersion: '1', namespace: 'x', i18n: {}, routes: {} })).toBe(false);
  });
});

describe('addI18nBundles', () => {
  it('waits for init when called before it, then adds the namespace to the one instance', async () => {
    addI18nBundles('early', { 'zh-CN': { hello: '你好' }, en: { hello: 'Hello' } });
    await i18next.init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
    expect(i18next.t('early:hello')).toBe('你好');
    addI18nBundles('late', { 'zh-CN': { bye: '再见' }, en: { bye: 'Bye' } });
    await i18next.changeLanguage('en');
    expect(i18next.t('late:bye')).toBe('Bye');
    expect(i18next.t('early:hello')).toBe('Hello');
  });
});
