import { Suspense, useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { ResourcePage } from '../src/resource/ResourcePage';
import { useDictStore } from '../src/resource/dict-store';
import { useSessionStore } from '../src/session';

/** A definition with two system dictionaries and one business dictionary. */
const def = defineResource({
  name: 'sample',
  label: { zh: '样例', en: 'Samples' },
  path: '/api/sample',
  table: 'sample',
  permission: 'sample',
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 640,
  fields: [
    {
      name: 'title',
      kind: 'string',
      label: { zh: '标题', en: 'Title' },
      required: '请输入标题',
      search: 'like',
      help: { zh: '标题写在这里', en: 'The title goes here' },
    },
    {
      name: 'status',
      kind: 'dict',
      label: { zh: '状态', en: 'Status' },
      dict: { code: 'yes_no' },
      search: 'equal',
    },
    { name: 'sex', kind: 'dict', label: { zh: '性别', en: 'Sex' }, dict: { code: 'sex' } },
    { name: 'kind', kind: 'dict', label: { zh: '分类', en: 'Kind' }, dict: { code: 'kind', biz: true } },
  ],
});

const calls: { method: string; url: string; params: Record<string, string>; data: unknown }[] = [];
let failSubmit = false;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const data: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const url = config.url ?? '';
    calls.push({ method: config.method ?? 'get', url, params, data });
    let status = 200;
    let body: unknown = null;
    if (url === '/api/forest/list')
      body = [
        {
          id: '1',
          title: '根',
          parentId: '0',
          hasChildren: true,
          children: Array.from({ length: 12 }, (_, i) => ({
            id: `c${i}`,
            title: `子${i + 1}`,
            parentId: '1',
          })),
        },
      ];
    else if (url.endsWith('/detail'))
      body = { id: '1', title: '第一条', status: '1', version: 7, updateTime: '2026-01-01 10:00:00' };
    else if (url.endsWith('/list'))
      body = {
        records: [{ id: '1', title: '第一条', status: '1', sex: '2', kind: 'a' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      };
    if (url.endsWith('/dict/dictionary-batch'))
      body = {
        yes_no: [
          { id: 'y', code: 'yes_no', dictKey: '1', dictValue: '是' },
          { id: 'n', code: 'yes_no', dictKey: '0', dictValue: '否' },
        ],
        sex: [{ id: 's', code: 'sex', dictKey: '2', dictValue: '女' }],
      };
    if (url.endsWith('/dict-biz/dictionary-batch'))
      body = { kind: [{ id: 'k', code: 'kind', dictKey: 'a', dictValue: '甲类' }] };
    if (url.endsWith('/submit') && failSubmit) status = 400;
    const envelope =
      status === 200
        ? { code: 200, success: true, msg: '操作成功', data: body }
        : { code: 400, success: false, msg: '标题已存在', data: null };
    return { data: envelope, status, statusText: 'OK', headers: {}, config };
  };
});

beforeEach(() => {
  calls.length = 0;
  failSubmit = false;
  useDictStore.getState().invalidate();
  useSessionStore
    .getState()
    .setPermissions({ sample_add: true, sample_edit: true, sample_delete: true, sample_view: true });
});
afterEach(cleanup);

/** A forest resource (roles): `list` answers the whole tree. */
const forestDef = defineResource({
  ...def,
  name: 'forest',
  path: '/api/forest',
  tree: { parentField: 'parentId', labelField: 'title', forest: true },
  fields: [
    ...def.fields.slice(0, 1),
    { name: 'parentId', kind: 'parent', label: { zh: '上级', en: 'Parent' }, list: false },
  ],
});

const renderPage = () =>
  render(
    <App>
      <ResourcePage def={def} />
    </App>,
  );

describe('ResourcePage', () => {
  it('lists page 1 with size 10 and shows dictionary tags from ONE batched call per dictionary kind', async () => {
    renderPage();
    await screen.findByText('第一条');
    expect(calls.find((c) => c.url === '/api/sample/list')?.params).toMatchObject({ current: 1, size: 10 });
    await screen.findByText('女');
    await screen.findByText('甲类');
    const sys = calls.filter((c) => c.url.endsWith('/dict/dictionary-batch'));
    const biz = calls.filter((c) => c.url.endsWith('/dict-biz/dictionary-batch'));
    expect(sys).toHaveLength(1);
    expect(sys[0]!.params.codes!.split(',').sort()).toEqual(['sex', 'yes_no']);
    expect(biz).toHaveLength(1);
    expect(calls.some((c) => c.url.endsWith('/dictionary'))).toBe(false);
  });

  it('reuses the cache on the next screen and reloads only a dropped code', async () => {
    renderPage();
    await screen.findByText('女');
    cleanup();
    calls.length = 0;
    renderPage();
    await screen.findByText('女');
    expect(calls.filter((c) => c.url.includes('dictionary-batch'))).toHaveLength(0);
    act(() => useDictStore.getState().invalidate('sex', false));
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/dict/dictionary-batch'))?.params.codes).toBe('sex'),
    );
  });

  it('sends search values with the definition operator suffixes', async () => {
    renderPage();
    await screen.findByText('第一条');
    fireEvent.change(screen.getAllByPlaceholderText('请输入标题')[0]!, { target: { value: '第一' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(calls.at(-1)?.params).toMatchObject({ title_like: '第一', current: 1 }));
  });

  it('hides add, edit and delete without the button permissions', async () => {
    useSessionStore.getState().setPermissions({ sample_view: true });
    renderPage();
    await screen.findByText('第一条');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /删\s*除/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /查\s*看/ }).length).toBeGreaterThan(0);
  });

  it('bulk delete with nothing selected warns 请选择至少一条数据', async () => {
    renderPage();
    await screen.findByText('第一条');
    fireEvent.click(screen.getAllByRole('button', { name: /删\s*除/ })[0]!);
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
  });

  it('validates on save, and a failed save only resets the loading state (the drawer stays open)', async () => {
    renderPage();
    await screen.findByText('第一条');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const saveButton = await screen.findByRole('button', { name: /保\s*存/ });
    fireEvent.click(saveButton);
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(false);

    failSubmit = true;
    const drawer = document.querySelector('.ant-drawer')!;
    fireEvent.change(drawer.querySelector('input')!, { target: { value: '重复' } });
    await act(async () => {
      fireEvent.click(saveButton);
    });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(true));
    await waitFor(() => expect(saveButton.className).not.toContain('ant-btn-loading'));
    expect(screen.queryByText('新增成功')).toBeNull();
    expect(document.querySelector('.ant-drawer-open')).toBeTruthy();
    expect((drawer.querySelector('input') as HTMLInputElement).value).toBe('重复');

    failSubmit = false;
    await act(async () => {
      fireEvent.click(saveButton);
    });
    expect(await screen.findByText('新增成功')).toBeTruthy();
  });

  it("shows a field's help under it in the form", async () => {
    renderPage();
    await screen.findByText('第一条');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const help = await screen.findByText('标题写在这里');
    expect(help.closest('.ant-form-item')?.textContent).toContain('标题');
  });

  it('saves an edit with the version and update time it read (the server refuses a stale one)', async () => {
    renderPage();
    await screen.findByText('第一条');
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]!);
    const saveButton = await screen.findByRole('button', { name: /保\s*存/ });
    await waitFor(() =>
      expect((document.querySelector('.ant-drawer input') as HTMLInputElement).value).toBe('第一条'),
    );
    await act(async () => {
      fireEvent.click(saveButton);
    });
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/submit'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/submit'))!.data).toMatchObject({
      id: '1',
      title: '第一条',
      version: 7,
      updateTime: '2026-01-01 10:00:00',
    });
    expect(await screen.findByText('更新成功')).toBeTruthy();
  });

  it('keeps what the user typed when the page suspends and shows again (the form is not filled again)', async () => {
    // A Suspense boundary above the page that re-suspends (a lazy chunk, a namespace loading) hides the
    // page and, when it shows it again, re-runs its layout effects: the drawer must not apply the
    // record's values a second time over what was typed.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let open = false;
    const Suspender = () => {
      if (!open) throw gate;
      return null;
    };
    const Page = () => {
      const [suspend, setSuspend] = useState(false);
      return (
        <Suspense fallback={<p>加载中</p>}>
          <ResourcePage def={def} />
          {suspend && <Suspender />}
          <button onClick={() => setSuspend(true)}>suspend</button>
        </Suspense>
      );
    };
    render(
      <App>
        <Page />
      </App>,
    );
    await screen.findByText('第一条');
    fireEvent.click(screen.getAllByRole('button', { name: /编\s*辑/ })[0]!);
    const input = () => document.querySelector('.ant-drawer input') as HTMLInputElement;
    await waitFor(() => expect(input().value).toBe('第一条'));
    fireEvent.change(input(), { target: { value: '刚输入的' } });
    fireEvent.click(screen.getByRole('button', { name: 'suspend' }));
    expect(await screen.findByText('加载中')).toBeTruthy();
    await act(async () => {
      open = true;
      release();
      await gate;
    });
    await waitFor(() => expect(screen.queryByText('加载中')).toBeNull());
    expect(input().value).toBe('刚输入的');
  });

  it('shows a forest resource whole and unpaged', async () => {
    useSessionStore.getState().setPermissions({ forest_view: true });
    render(
      <App>
        <ResourcePage def={forestDef} />
      </App>,
    );
    await screen.findByText('根');
    const list = calls.find((c) => c.url === '/api/forest/list')!;
    expect(list.params).not.toHaveProperty('current');
    expect(list.params).not.toHaveProperty('size');
    expect(document.querySelector('.ant-pagination')).toBeNull();
    fireEvent.click(document.querySelector('.ant-table-row-expand-icon')!);
    expect(await screen.findByText('子12')).toBeTruthy();
  });

  it("keeps view and edit inline and puts the rarer row actions under 更多, with the row's own wording", async () => {
    const sealed: string[][] = [];
    useSessionStore.getState().setPermissions({
      acts_view: true,
      acts_edit: true,
      acts_delete: true,
      acts_seal: true,
      acts_audit: true,
    });
    render(
      <App>
        <ResourcePage
          def={actsDef}
          actions={{ seal: ({ ids }) => void sealed.push(ids), audit: () => undefined }}
        />
      </App>,
    );
    await screen.findByText('第一条');
    const row = document.querySelector('.ant-table-row') as HTMLElement;
    const inRow = within(row);
    expect(inRow.getByRole('button', { name: /查\s*看/ })).toBeTruthy();
    expect(inRow.getByRole('button', { name: /编\s*辑/ })).toBeTruthy();
    expect(inRow.queryByRole('button', { name: /删\s*除/ })).toBeNull();
    expect(inRow.queryByRole('button', { name: '解封' })).toBeNull();
    fireEvent.click(inRow.getByRole('button', { name: /更多/ }));
    const items = (await screen.findAllByRole('menuitem')).map((i) => i.textContent);
    // the row's status is 1: the toggled wording, never both
    expect(items).toEqual(['删除', '解封', '审核']);
    fireEvent.click(screen.getByRole('menuitem', { name: '解封' }));
    expect(sealed).toEqual([['1']]);
  });

  it('shows every row action inline while 更多 would hold only one', async () => {
    useSessionStore.getState().setPermissions({ acts_view: true, acts_edit: true, acts_seal: true });
    render(
      <App>
        <ResourcePage def={actsDef} actions={{ seal: () => undefined }} />
      </App>,
    );
    await screen.findByText('第一条');
    const inRow = within(document.querySelector('.ant-table-row') as HTMLElement);
    expect(inRow.getByRole('button', { name: '解封' })).toBeTruthy();
    expect(inRow.queryByRole('button', { name: /更多/ })).toBeNull();
  });
});

/** Row actions beyond the standard ones; `seal` reads 解封 on a row whose status is 1. */
const actsDef = defineResource({
  ...def,
  name: 'acts',
  permission: 'acts',
  actions: [
    {
      name: 'seal',
      label: { zh: '封存', en: 'Seal' },
      placement: 'row',
      toggle: { field: 'status', value: 1, label: { zh: '解封', en: 'Unseal' } },
    },
    { name: 'audit', label: { zh: '审核', en: 'Approve' }, placement: 'row' },
  ],
});
