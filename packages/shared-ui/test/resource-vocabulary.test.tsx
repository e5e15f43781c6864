import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { defineResource, type ResourceDef } from '@tongxin/resources';
import { ResourcePage } from '../src/resource/ResourcePage';
import { useDictStore } from '../src/resource/dict-store';
import { onResourceChanged } from '../src/resource/resource-events';
import { resourceScreens } from '../src/resource/screens';
import { useSessionStore } from '../src/session';

// The definition vocabulary of issue 11 on a ResourcePage: range and multi-operator search, a detail tab,
// a wire action with confirmation and reason, read-only resources, dictionary colours, fields shown only
// in some states, options taking several values, and the change signal caches subscribe to.

const label = (zh: string) => ({ zh, en: zh });

const enrollDef = defineResource({
  name: 'enroll',
  label: label('报名'),
  path: '/api/enroll',
  table: 'enroll',
  permission: 'enroll',
  tenant: true,
  audit: true,
  softDelete: true,
  fields: [
    { name: 'activityId', kind: 'long', label: label('活动') },
    { name: 'userName', kind: 'string', label: label('报名人'), required: true },
  ],
});

const activityDef = defineResource({
  name: 'activity',
  label: label('活动'),
  path: '/api/act',
  table: 'act',
  permission: 'act',
  tenant: true,
  audit: true,
  softDelete: true,
  fields: [
    { name: 'title', kind: 'string', label: label('活动标题'), search: ['like', 'equal'] },
    {
      name: 'activityStatus',
      kind: 'dict',
      label: label('活动状态'),
      dict: { code: 'activity_status' },
      search: 'equal',
    },
    { name: 'startTime', kind: 'datetime', label: label('开始时间'), search: 'range' },
    {
      name: 'cancelReason',
      kind: 'string',
      label: label('取消原因'),
      visibleWhen: { field: 'activityStatus', in: [5] },
    },
    {
      name: 'tags',
      kind: 'string',
      label: label('标签'),
      multiple: true,
      options: ['a', 'b', 'c'].map((v) => ({ value: v, label: label(`标签${v}`) })),
    },
  ],
  actions: [
    {
      name: 'cancel',
      label: label('取消活动'),
      placement: 'row',
      verb: 'activityCancel',
      confirm: label('确定取消该活动?'),
      reason: { field: 'reason', label: label('取消原因'), required: '请输入取消原因' },
      when: { field: 'activityStatus', in: [0, 1] },
    },
  ],
  details: [{ resource: 'enroll', foreignKey: 'activityId' }],
});

const rows: Record<string, Record<string, unknown>> = {
  '1': { id: '1', title: '春游', activityStatus: 5, cancelReason: '下雨', tags: 'a,c' },
  '2': { id: '2', title: '秋游', activityStatus: 0, tags: '' },
};
const enrolments = [
  { id: 'e1', activityId: '2', userName: '卓玛' },
  { id: 'e2', activityId: '1', userName: '扎西' },
];
const calls: { method: string; url: string; params: Record<string, string>; data: unknown }[] = [];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const url = config.url ?? '';
    const data: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    calls.push({ method: config.method ?? 'get', url, params, data });
    let body: unknown = null;
    const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
    if (url === '/api/act/list') body = page(Object.values(rows));
    else if (url === '/api/act/detail') body = rows[params.id!];
    else if (url === '/api/enroll/list')
      body = page(enrolments.filter((e) => e.activityId === params.activityId_equal));
    else if (url.endsWith('/dict/dictionary-batch'))
      body = {
        activity_status: [
          { id: 'd0', code: 'activity_status', dictKey: '0', dictValue: '草稿', color: 'default' },
          { id: 'd5', code: 'activity_status', dictKey: '5', dictValue: '已取消', color: 'red' },
        ],
      };
    return {
      data: { code: 200, success: true, msg: '操作成功', data: body },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});

beforeEach(() => {
  calls.length = 0;
  useDictStore.getState().invalidate();
  useSessionStore.getState().setPermissions({
    act_add: true,
    act_edit: true,
    act_delete: true,
    act_view: true,
    act_cancel: true,
    enroll_add: true,
    enroll_edit: true,
    enroll_view: true,
  });
});
afterEach(cleanup);

const renderPage = (def: ResourceDef = activityDef) =>
  render(
    <App>
      <ResourcePage def={def} definitions={[enrollDef]} />
    </App>,
  );
const lastList = () => calls.filter((c) => c.url === '/api/act/list').at(-1)!.params;
const search = () => fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const openDrawer = () => document.querySelector('.ant-drawer-open') as HTMLElement;

/** Types a date into an antd picker input and commits it. */
function pickDate(input: HTMLInputElement, text: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

describe('search vocabulary', () => {
  it('a range sends <field>_datege and <field>_datele (a datetime to the end of the last day)', async () => {
    renderPage();
    await screen.findByText('春游');
    const range = screen.getAllByText('开始时间')[0]!.closest('.ant-form-item') as HTMLElement;
    const [from, to] = range.querySelectorAll('input');
    pickDate(from!, '2026-05-01');
    pickDate(to!, '2026-05-31');
    search();
    await waitFor(() =>
      expect(lastList()).toMatchObject({
        startTime_datege: '2026-05-01 00:00:00',
        startTime_datele: '2026-05-31 23:59:59',
      }),
    );
  });

  it('a field with several operators sends the chosen one (the first by default)', async () => {
    renderPage();
    await screen.findByText('春游');
    const item = screen.getAllByText('活动标题')[0]!.closest('.ant-form-item') as HTMLElement;
    fireEvent.change(within(item).getByRole('textbox'), { target: { value: '春' } });
    search();
    await waitFor(() => expect(lastList()).toMatchObject({ title_like: '春' }));
    fireEvent.mouseDown(within(item).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('等于'));
    search();
    await waitFor(() => expect(lastList()).toMatchObject({ title_equal: '春' }));
    expect(lastList()).not.toHaveProperty('title_like');
  });
});

describe('record vocabulary', () => {
  it("a status tag takes its dictionary item's colour", async () => {
    renderPage();
    const tag = (await screen.findByText('已取消')).closest('.ant-tag')!;
    expect(tag.className).toContain('ant-tag-red');
  });

  it('a field with visibleWhen shows only in its states, in the view and the form', async () => {
    renderPage();
    await screen.findByText('春游');
    fireEvent.click(within(rowOf('春游')).getByRole('button', { name: /查\s*看/ }));
    await waitFor(() => expect(openDrawer()?.textContent).toContain('下雨'));
    expect(openDrawer().textContent).toContain('取消原因');
    cleanup();
    renderPage();
    await screen.findByText('秋游');
    fireEvent.click(within(rowOf('秋游')).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(openDrawer()?.textContent).toContain('活动标题'));
    expect(openDrawer().textContent).not.toContain('取消原因');
  });

  it('an options field with `multiple` edits and shows several values', async () => {
    renderPage();
    expect(await screen.findByText('标签a, 标签c')).toBeTruthy();
    fireEvent.click(within(rowOf('春游')).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(openDrawer()?.querySelectorAll('.ant-select-selection-item')).toHaveLength(2));
  });

  it('a detail tab lists the child rows by the foreign key and adds with it prefilled', async () => {
    renderPage();
    await screen.findByText('秋游');
    fireEvent.click(within(rowOf('秋游')).getByRole('button', { name: /编\s*辑/ }));
    fireEvent.click(await screen.findByRole('tab', { name: '报名' }));
    expect(await screen.findByText('卓玛')).toBeTruthy();
    expect(screen.queryByText('扎西')).toBeNull();
    expect(calls.find((c) => c.url === '/api/enroll/list')!.params).toMatchObject({ activityId_equal: '2' });
    const tab = screen.getByText('卓玛').closest('[role=tabpanel]') as HTMLElement;
    fireEvent.click(within(tab).getByRole('button', { name: /新\s*增/ }));
    const drawers = document.querySelectorAll('.ant-drawer-open');
    const child = drawers[drawers.length - 1] as HTMLElement;
    await waitFor(() => expect(child.querySelector('input')).toBeTruthy());
    fireEvent.change(within(child).getAllByRole('textbox').at(-1)!, { target: { value: '次仁' } });
    await act(async () => {
      fireEvent.click(within(child).getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/enroll/submit')).toBe(true));
    expect(calls.find((c) => c.url === '/api/enroll/submit')!.data).toMatchObject({
      activityId: '2',
      userName: '次仁',
    });
  });
});

describe('actions', () => {
  it('confirms, asks the reason, calls the verb with the ids and reloads; only on rows in its states', async () => {
    renderPage();
    await screen.findByText('秋游');
    // 已取消 is not a state the action applies to: no button on that row (its three actions stay inline)
    expect(within(rowOf('春游')).queryByRole('button', { name: /取消活动|更多/ })).toBeNull();
    const lists = calls.filter((c) => c.url === '/api/act/list').length;
    fireEvent.click(within(rowOf('秋游')).getByRole('button', { name: /更多/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '取消活动' }));
    const dialog = (await screen.findByText('确定取消该活动?')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入取消原因')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/activityCancel'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '场地不可用' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/act/activityCancel')).toBe(true));
    const call = calls.find((c) => c.url === '/api/act/activityCancel')!;
    expect(call.method).toBe('post');
    expect(call.params).toEqual({ ids: '2', reason: '场地不可用' });
    expect(await screen.findByText('操作成功!')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/act/list').length).toBe(lists + 1));
  });

  it('a read-only resource offers no add, edit, delete or import', async () => {
    useSessionStore
      .getState()
      .setPermissions({ log_view: true, log_add: true, log_edit: true, log_delete: true });
    renderPage(
      defineResource({ ...activityDef, permission: 'log', readOnly: true, importable: true, actions: [] }),
    );
    await screen.findByText('春游');
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /编\s*辑|删\s*除|导\s*入/ })).toHaveLength(0);
    expect(screen.getAllByRole('button', { name: /查\s*看/ }).length).toBe(2);
  });

  it('offers edit only on rows in the editableWhen states', async () => {
    renderPage(defineResource({ ...activityDef, editableWhen: { field: 'activityStatus', in: [0] } }));
    await screen.findByText('春游');
    expect(within(rowOf('秋游')).queryByRole('button', { name: /编\s*辑/ })).not.toBeNull();
    expect(within(rowOf('春游')).queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(within(rowOf('春游')).getByRole('button', { name: /查\s*看/ })).toBeDefined();
  });

  it('a save tells the subscribers of the resource (caches such as the region cascader)', async () => {
    const seen: string[] = [];
    const off = onResourceChanged(activityDef, (def, changed) => seen.push(`${def.name}:${changed[0]?.id}`));
    const offOther = onResourceChanged(enrollDef, () => seen.push('enroll'));
    renderPage();
    await screen.findByText('秋游');
    fireEvent.click(within(rowOf('秋游')).getByRole('button', { name: /编\s*辑/ }));
    await waitFor(() => expect(openDrawer()?.textContent).toContain('活动标题'));
    await act(async () => {
      fireEvent.click(within(openDrawer()).getByRole('button', { name: /保\s*存/ }));
    });
    await waitFor(() => expect(seen).toEqual(['activity:2']));
    off();
    offOther();
  });
});

describe('resourceScreens', () => {
  it("maps each definition's screens to its page, one page per definition", () => {
    const routes = resourceScreens([
      { ...activityDef, screens: ['/a/one', '/a/two'] },
      { ...enrollDef, screens: ['/e'] },
      activityDef,
    ]);
    expect(Object.keys(routes).sort()).toEqual(['/a/one', '/a/two', '/e']);
    expect(routes['/a/one']).toBe(routes['/a/two']);
    expect(() =>
      resourceScreens([
        { ...enrollDef, screens: ['/e'] },
        { ...activityDef, screens: ['/e'] },
      ]),
    ).toThrow(/served twice/);
  });
});
