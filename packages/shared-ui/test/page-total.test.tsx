// The pagination bar says 共 N 条 for a counted total and 约 N 条 (About N) when the server answered the
// planner's estimate of a large list (`totalExact: false`, apps/server/src/crud/page-total.ts).
import { cleanup, render, screen } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configureHttp, http, type Page } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { ResourcePage } from '../src/resource/ResourcePage';
import { useSessionStore } from '../src/session';

const def = defineResource({
  name: 'duty',
  label: { zh: '值班', en: 'Duty' },
  path: '/api/duty',
  table: 'duty',
  permission: 'duty',
  tenant: true,
  audit: false,
  softDelete: true,
  fields: [{ name: 'note', kind: 'string', label: { zh: '备注', en: 'Note' }, search: 'like' }],
});

/** What the list endpoint answers next (the wire shape of the server's generic list). */
let listPage: Page<Record<string, unknown>>;
const fullPage = (total: number, totalExact?: boolean): Page<Record<string, unknown>> => ({
  records: Array.from({ length: 10 }, (_, i) => ({ id: String(i + 1), note: `第${i + 1}班` })),
  total,
  size: 10,
  current: 1,
  pages: Math.ceil(total / 10),
  ...(totalExact === undefined ? {} : { totalExact }),
});

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => ({
    data: {
      code: 200,
      success: true,
      msg: '操作成功',
      data: config.url?.endsWith('/list') ? listPage : {},
    },
    status: 200,
    statusText: 'OK',
    headers: {},
    config,
  });
  useSessionStore.getState().setPermissions({ duty_view: true });
});

afterEach(async () => {
  cleanup();
  await i18next.changeLanguage('zh-CN');
});

const renderPage = () =>
  render(
    <App>
      <ResourcePage def={def} />
    </App>,
  );

const totalText = () => document.querySelector('.ant-pagination-total-text')?.textContent;

describe('ResourcePage total', () => {
  it('an estimated total reads 约 N 条', async () => {
    listPage = fullPage(1_234_567, false);
    renderPage();
    await screen.findByText('第1班');
    expect(await screen.findByText('约 1234567 条')).toBeTruthy();
    expect(screen.queryByText(/共 .* 条/)).toBeNull();
  });

  it('a counted total reads 共 N 条, whether totalExact is true or absent (older servers)', async () => {
    listPage = fullPage(25, true);
    renderPage();
    await screen.findByText('第1班');
    expect(totalText()).toBe('共 25 条');
    cleanup();

    listPage = fullPage(37);
    renderPage();
    await screen.findByText('第1班');
    await screen.findByText('共 37 条');
    expect(screen.queryByText(/约/)).toBeNull();
  });

  it('in English an estimate reads About N', async () => {
    await i18next.changeLanguage('en');
    listPage = fullPage(2_000_000, false);
    renderPage();
    await screen.findByText('第1班');
    expect(await screen.findByText('About 2000000')).toBeTruthy();
  });
});
