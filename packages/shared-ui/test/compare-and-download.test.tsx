import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, http, type TokenResponse } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { AuditPage } from '../src/approval/AuditPage';
import { comparisonText } from '../src/resource/comparison';
import { useDictStore } from '../src/resource/dict-store';
import { ResourcePage } from '../src/resource/ResourcePage';
import { useSessionStore } from '../src/session';

// Two pieces of definition vocabulary: a `compare` field (a change's after-snapshot shown beside its
// before-snapshot, 字段 / 修改前 / 修改后, the differing keys highlighted) in the record's drawer and on the
// generic audit screen; and a `download` action (another resource's export narrowed to the row).

const label = (zh: string) => ({ zh, en: zh });

const changeDef = defineResource({
  name: 'change',
  label: label('资料变更'),
  path: '/api/change',
  table: 'change',
  permission: 'change',
  standard: ['view'],
  tenant: true,
  audit: true,
  softDelete: true,
  drawerWidth: 900,
  process: {
    key: 'Change',
    name: '变更审核流程',
    category: 'flow_99',
    taskName: '变更审核',
    groups: 'admin',
    perm: 'change_audit',
    auditScreen: '/change/audit',
  },
  fields: [
    { name: 'title', kind: 'string', label: label('申请') },
    { name: 'beforeJson', kind: 'text', label: label('变更前'), list: false, view: false },
    {
      name: 'afterJson',
      kind: 'text',
      label: label('变更内容'),
      list: false,
      compare: {
        before: 'beforeJson',
        keys: [
          { name: 'realName', kind: 'string', label: label('姓名') },
          { name: 'phone', kind: 'string', label: label('手机号') },
          { name: 'sex', kind: 'dict', label: label('性别'), dict: { code: 'sex' } },
          {
            name: 'communityId',
            kind: 'ref',
            label: label('所属社区'),
            ref: { resource: 'dept', labelField: 'deptName' },
          },
          { name: 'email', kind: 'string', label: label('邮箱') },
        ],
      },
    },
  ],
});

const record = {
  id: '7',
  title: '达瓦的变更',
  auditStatus: 0,
  beforeJson: JSON.stringify({
    realName: '达瓦',
    phone: '13800000001',
    sex: 1,
    communityId: '11',
    communityName: '东城社区',
  }),
  afterJson: JSON.stringify({
    realName: '达瓦次仁',
    phone: '13800000001',
    sex: 2,
    communityId: '12',
    communityName: '西城社区',
  }),
};

const questionnaireDef = defineResource({
  name: 'poll',
  label: label('问卷'),
  path: '/api/poll',
  table: 'poll',
  permission: 'poll',
  standard: ['view'],
  tenant: true,
  audit: true,
  softDelete: true,
  fields: [
    { name: 'title', kind: 'string', label: label('问卷名称') },
    { name: 'state', kind: 'int', label: label('状态') },
  ],
  actions: [
    {
      name: 'exportAnswers',
      label: label('导出答卷'),
      code: 'poll_export',
      placement: 'row',
      download: { resource: 'questionnaireAnswer', foreignKey: 'questionnaireId' },
      when: { field: 'state', in: [2] },
    },
  ],
});

const calls: { url: string; params: Record<string, string> }[] = [];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const url = config.url ?? '';
    calls.push({ url, params });
    const page = (records: unknown[]) => ({ records, total: records.length, size: 10, current: 1, pages: 1 });
    let body: unknown = null;
    if (url === '/api/change/list') body = page([record]);
    if (url === '/api/change/detail') body = record;
    if (url === '/api/change/auditTasks')
      body = page([{ ...record, taskId: 't7', taskName: '变更审核', taskCreateTime: '2026-01-02 03:04:05' }]);
    if (url === '/api/change/detailByTaskId')
      body = { ...record, flow: { taskId: 't7', processInstanceId: 'p7', canHandle: true }, flowHistory: [] };
    if (url === '/api/poll/list')
      body = page([
        { id: '31', title: '进行中的问卷', state: 2 },
        { id: '32', title: '草稿问卷', state: 0 },
      ]);
    if (url.endsWith('/dict/dictionary-batch'))
      body = {
        sex: [
          { id: 's1', code: 'sex', dictKey: '1', dictValue: '男' },
          { id: 's2', code: 'sex', dictKey: '2', dictValue: '女' },
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
  useSessionStore.getState().setUser({ user_id: 'u1' } as TokenResponse);
  useSessionStore
    .getState()
    .setPermissions({ change_view: true, change_audit: true, poll_view: true, poll_export: true });
});
afterEach(cleanup);

const drawer = () => document.querySelector('.ant-drawer-open') as HTMLElement;
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

/** The comparison table's rows as [field, before, after, changed]. */
async function comparisonRows() {
  const table = await waitFor(() => {
    const found = drawer()?.querySelector('[data-testid="comparison-afterJson"]');
    expect(found).toBeTruthy();
    return found as HTMLElement;
  });
  await waitFor(() => expect(table.textContent).toContain('女'));
  return [...table.querySelectorAll('tbody tr[data-row-key]')].map((tr) => [
    ...[...tr.querySelectorAll('td')].map((td) => td.textContent),
    tr.getAttribute('data-changed'),
  ]);
}

const EXPECTED = [
  ['姓名', '达瓦', '达瓦次仁', 'true'],
  ['手机号', '13800000001', '13800000001', 'false'],
  ['性别', '男', '女', 'true'],
  ['所属社区', '东城社区', '西城社区', 'true'],
];

describe('a compare field', () => {
  it("shows before and after side by side in the record's drawer, the differing keys marked", async () => {
    render(
      <App>
        <ResourcePage def={changeDef} />
      </App>,
    );
    await screen.findByText('达瓦的变更');
    fireEvent.click(within(rowOf('达瓦的变更')).getByRole('button', { name: /查\s*看/ }));
    expect(await comparisonRows()).toEqual(EXPECTED);
    const heads = [...drawer().querySelectorAll('[data-testid="comparison-afterJson"] th')].map(
      (th) => th.textContent,
    );
    expect(heads).toEqual(['字段', '修改前', '修改后']);
    // the raw snapshots are not shown as text
    expect(drawer().textContent).not.toContain('{"realName"');
  });

  it('shows the same table on the generic audit screen, where the approver decides', async () => {
    render(
      <App>
        <AuditPage def={changeDef} />
      </App>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /审\s*核/ }));
    expect(await comparisonRows()).toEqual(EXPECTED);
    expect(within(drawer()).getByRole('button', { name: /通\s*过/ })).toBeTruthy();
  });

  it('reads as `label: before → after` per changed key in a cell', () => {
    const field = changeDef.fields.find((f) => f.name === 'afterJson')!;
    expect(comparisonText(field, record, (l) => l.zh)).toBe(
      '姓名: 达瓦 → 达瓦次仁; 性别: 1 → 2; 所属社区: 东城社区 → 西城社区',
    );
    expect(comparisonText(field, { afterJson: 'not json' }, (l) => l.zh)).toBe('');
  });
});

describe('a download action', () => {
  it("opens the named resource's export narrowed to the row, on the rows it applies to", async () => {
    const hrefs: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      hrefs.push(this.getAttribute('href') ?? '');
    });
    render(
      <App>
        <ResourcePage def={questionnaireDef} />
      </App>,
    );
    await screen.findByText('进行中的问卷');
    expect(within(rowOf('草稿问卷')).queryByRole('button', { name: '导出答卷' })).toBeNull();
    fireEvent.click(within(rowOf('进行中的问卷')).getByRole('button', { name: '导出答卷' }));
    expect(hrefs).toHaveLength(1);
    const url = hrefs[0]!;
    expect(url.startsWith('/api/app-questionaire-answer/questionaireanswer/export?')).toBe(true);
    expect(new URLSearchParams(url.split('?')[1]).get('questionnaireId_equal')).toBe('31');
    // nothing is called on the wire: no verb, no reload
    expect(calls.filter((c) => c.url.startsWith('/api/poll/') && c.url !== '/api/poll/list')).toEqual([]);
    click.mockRestore();
  });
});
