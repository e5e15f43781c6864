import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http, type TokenResponse } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { AuditPage } from '../src/approval/AuditPage';
import { ResourcePage } from '../src/resource/ResourcePage';
import { useDictStore } from '../src/resource/dict-store';
import { useSessionStore } from '../src/session';

// Approval from the generic screens: a definition with a process gets the audit status tag and the
// applicant's 提交审核 / 重新提交 / 撤回 on its list, and the generic audit screen (tasks waiting for the
// user, the record read-only beside the timeline, 通过 / 驳回 with a comment).

const def = defineResource({
  name: 'sample',
  label: { zh: '样例', en: 'Samples' },
  path: '/api/sample',
  table: 'sample',
  permission: 'sample',
  tenant: true,
  audit: true,
  softDelete: true,
  process: {
    key: 'Sample',
    name: '样例审核流程',
    category: 'flow_99',
    taskName: '样例审核',
    groups: 'admin',
    perm: 'sample_audit_audit',
    auditScreen: '/sample/audit',
  },
  fields: [{ name: 'title', kind: 'string', label: { zh: '标题', en: 'Title' } }],
});

const calls: { method: string; url: string; params: Record<string, string>; data: unknown }[] = [];
const rows = [
  { id: '1', title: '我的被驳回', createUser: 'u1', auditStatus: 2, processInstanceId: 'p1' },
  { id: '2', title: '我的已撤回', createUser: 'u1', auditStatus: 3, processInstanceId: 'p2' },
  { id: '3', title: '别人的待审核', createUser: 'u2', auditStatus: 0, processInstanceId: 'p3' },
];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const data: unknown = typeof config.data === 'string' ? JSON.parse(config.data) : config.data;
    const url = config.url ?? '';
    calls.push({ method: config.method ?? 'get', url, params, data });
    let body: unknown = null;
    let msg = '操作成功';
    if (url.endsWith('/list')) body = { records: rows, total: 3, size: 10, current: 1, pages: 1 };
    if (url.endsWith('/auditTasks'))
      body = {
        records: [{ ...rows[2], taskId: 't3', taskName: '样例审核', taskCreateTime: '2026-01-02 03:04:05' }],
        total: 1,
        size: 10,
        current: 1,
        pages: 1,
      };
    if (url.endsWith('/detailByTaskId'))
      body = {
        ...rows[2],
        flow: { taskId: 't3', processInstanceId: 'p3', canHandle: true },
        flowHistory: [
          {
            historyActivityId: 'start',
            historyActivityName: '提交申请',
            historyActivityType: 'startEvent',
            createTime: '2026-01-02 03:04:05',
            endTime: '2026-01-02 03:04:05',
            assigneeName: '申请人',
            comment: '',
          },
        ],
      };
    if (url.endsWith('/startProcessFlow')) msg = '提交成功';
    if (url.endsWith('/return-targets')) body = [{ id: 'modifyApply', name: '修改申请' }];
    if (url.endsWith('/return-task')) msg = '退回成功';
    if (url.endsWith('/dict/dictionary-batch'))
      body = {
        audit_status: [
          { id: 'a0', code: 'audit_status', dictKey: '0', dictValue: '待审核', color: 'gold' },
          { id: 'a2', code: 'audit_status', dictKey: '2', dictValue: '已驳回', color: 'red' },
          { id: 'a3', code: 'audit_status', dictKey: '3', dictValue: '已撤回' },
        ],
      };
    return {
      data: { code: 200, success: true, msg, data: body },
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
  useSessionStore.getState().setPermissions({ sample_add: true, sample_audit_audit: true });
});
afterEach(cleanup);

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const buttons = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('button')
    .map((b) => b.textContent?.replace(/\s/g, ''));

describe('a process definition on ResourcePage', () => {
  it('shows the audit status tag and the applicant actions by state, on the applicant own rows', async () => {
    render(
      <App>
        <ResourcePage def={def} />
      </App>,
    );
    await screen.findByText('我的被驳回');
    await screen.findByText('已驳回');
    expect(screen.getByText('已撤回')).toBeTruthy();
    expect(buttons(rowOf('我的被驳回'))).toEqual(['重新提交', '撤回', '流程图展示']);
    expect(buttons(rowOf('我的已撤回'))).toEqual(['提交审核', '流程图展示']);
    // another user's row: only the flow chart
    expect(buttons(rowOf('别人的待审核'))).toEqual(['流程图展示']);

    fireEvent.click(within(rowOf('我的被驳回')).getByRole('button', { name: /重新提交/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/sample/startProcessFlow')).toBe(true));
    expect(calls.find((c) => c.url === '/api/sample/startProcessFlow')?.data).toEqual({ id: '1' });
    await screen.findByText('提交成功');
  });
});

describe('the generic audit screen', () => {
  it('lists the waiting tasks, opens one read-only beside its timeline, and rejects only with a comment', async () => {
    render(
      <App>
        <AuditPage def={def} />
      </App>,
    );
    await screen.findByText('别人的待审核');
    expect(within(rowOf('别人的待审核')).getByText('样例审核')).toBeTruthy();
    fireEvent.click(within(rowOf('别人的待审核')).getByRole('button', { name: /审\s*核/ }));
    await screen.findByText('提交申请');
    expect(calls.find((c) => c.url === '/api/sample/detailByTaskId')?.params).toEqual({ taskId: 't3' });
    fireEvent.click(screen.getByRole('button', { name: /驳\s*回/ }));
    await screen.findByText('请输入驳回理由');
    expect(calls.some((c) => c.url.endsWith('/dealProcessFlow'))).toBe(false);
    fireEvent.change(screen.getByTestId('audit-comment'), { target: { value: '请补充' } });
    await waitFor(() =>
      expect((screen.getByTestId('audit-comment') as HTMLTextAreaElement).value).toBe('请补充'),
    );
    fireEvent.click(screen.getByRole('button', { name: /驳\s*回/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/dealProcessFlow'))).toBe(true), {
      timeout: 5000,
    });
    expect(calls.find((c) => c.url.endsWith('/dealProcessFlow'))?.data).toEqual({
      taskId: 't3',
      processInstanceId: 'p3',
      businessId: '3',
      pass: false,
      comment: '请补充',
    });
  });

  it('returns a task to a step already passed, with the to-do handle button', async () => {
    useSessionStore.getState().setPermissions({ sample_audit_audit: true, work_todo_handle: true });
    render(
      <App>
        <AuditPage def={def} />
      </App>,
    );
    await screen.findByText('别人的待审核');
    fireEvent.click(within(rowOf('别人的待审核')).getByRole('button', { name: /审\s*核/ }));
    fireEvent.click(await screen.findByRole('button', { name: /退\s*回/ }));
    const dialog = (await screen.findByText('退回到')).closest('.ant-modal') as HTMLElement;
    expect(calls.find((c) => c.url.endsWith('/return-targets'))?.params).toEqual({ taskId: 't3' });
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('修改申请'));
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: '再核对' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/return-task'))).toBe(true), {
      timeout: 5000,
    });
    expect(calls.find((c) => c.url.endsWith('/return-task'))?.data).toEqual({
      taskId: 't3',
      activityId: 'modifyApply',
      comment: '再核对',
    });
  });
});
