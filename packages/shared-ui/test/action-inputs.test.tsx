import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { defineResource } from '@tongxin/resources';
import { ResourcePage } from '../src/resource/ResourcePage';
import { useSessionStore } from '../src/session';

// An action's `inputs` (转办: the handler a ticket goes to): asked in the action's dialog with each
// field's rules, then sent with the ids (and the reason) to the verb. A `mine` action (the borrower's
// 申请归还) shows only on the signed-in user's own rows.

const label = (zh: string) => ({ zh, en: zh });

const ticketDef = defineResource({
  name: 'ticket',
  label: label('工单'),
  path: '/api/ticket',
  table: 'ticket',
  permission: 'ticket',
  tenant: true,
  audit: true,
  softDelete: true,
  standard: ['view'],
  fields: [
    { name: 'title', kind: 'string', label: label('标题') },
    { name: 'handleStatus', kind: 'int', label: label('状态') },
  ],
  actions: [
    {
      name: 'assign',
      label: label('转办'),
      code: 'ticket_reply',
      placement: 'row',
      verb: 'assign',
      inputs: [
        { name: 'handleUserId', kind: 'string', label: label('承办人'), required: '请选择承办人' },
        {
          name: 'level',
          kind: 'int',
          label: label('紧急程度'),
          options: [
            { value: 1, label: label('一般') },
            { value: 2, label: label('紧急') },
          ],
        },
      ],
      reason: { field: 'remark', label: label('转办说明'), maxLength: 100 },
      when: { field: 'handleStatus', in: [0, 1] },
    },
  ],
});

const rows: Record<string, unknown>[] = [
  { id: '1', title: '楼道垃圾', handleStatus: 0, ownerId: '7' },
  { id: '2', title: '已办结的', handleStatus: 2, ownerId: '7' },
  { id: '3', title: '别人的', handleStatus: 0, ownerId: '8' },
];
const calls: { method: string; url: string; params: Record<string, string> }[] = [];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const url = config.url ?? '';
    calls.push({ method: config.method ?? 'get', url, params });
    const body =
      url === '/api/ticket/list'
        ? { records: rows, total: rows.length, size: 10, current: 1, pages: 1 }
        : null;
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
  useSessionStore.getState().setPermissions({ ticket_view: true, ticket_reply: true });
});
afterEach(cleanup);

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('action inputs', () => {
  it('asks each input with its rules, then sends them with the ids and the reason', async () => {
    render(
      <App>
        <ResourcePage def={ticketDef} />
      </App>,
    );
    await screen.findByText('楼道垃圾');
    expect(within(rowOf('已办结的')).queryByRole('button', { name: /转办|更多/ })).toBeNull();
    fireEvent.click(within(rowOf('楼道垃圾')).getByRole('button', { name: /转办|更多/ }));
    const item = screen.queryByRole('menuitem', { name: '转办' });
    if (item) fireEvent.click(item);
    const dialog = (await screen.findByText('承办人')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByText('紧急程度')).toBeTruthy();
    expect(within(dialog).getByText('转办说明')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请选择承办人')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/ticket/assign')).toBe(false);
    const [handler, remark] = within(dialog).getAllByRole('textbox');
    fireEvent.change(handler!, { target: { value: '1024' } });
    fireEvent.change(remark!, { target: { value: '请尽快处理' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/ticket/assign')).toBe(true));
    const call = calls.find((c) => c.url === '/api/ticket/assign')!;
    expect(call.method).toBe('post');
    expect(call.params).toEqual({ ids: '1', handleUserId: '1024', remark: '请尽快处理' });
  });

  it('offers the users of the row’s tenant only, even to the platform administrator', async () => {
    useSessionStore.getState().setUser({ user_id: '1', tenant_id: '000000' } as never);
    const userRefDef = defineResource({
      ...ticketDef,
      actions: [
        {
          ...ticketDef.actions![0]!,
          inputs: [
            {
              name: 'handleUserId',
              kind: 'ref',
              label: label('承办人'),
              ref: { resource: 'user', labelField: 'realName' },
            },
          ],
          reason: undefined,
        },
      ],
    });
    rows[0]!.tenantId = '100001';
    try {
      render(
        <App>
          <ResourcePage def={userRefDef} />
        </App>,
      );
      await screen.findByText('楼道垃圾');
      fireEvent.click(within(rowOf('楼道垃圾')).getByRole('button', { name: /转办|更多/ }));
      const item = screen.queryByRole('menuitem', { name: '转办' });
      if (item) fireEvent.click(item);
      const dialog = (await screen.findByText('承办人')).closest('.ant-modal') as HTMLElement;
      await act(async () => {
        fireEvent.click(dialog.querySelector('.ant-select') as HTMLElement);
      });
      await waitFor(() => expect(calls.some((c) => c.url === '/api/blade-user/page')).toBe(true));
      expect(calls.find((c) => c.url === '/api/blade-user/page')!.params).toEqual({
        current: 1,
        size: 10,
        tenantId: '100001',
      });
    } finally {
      delete rows[0]!.tenantId;
      useSessionStore.getState().setUser(undefined);
    }
  });

  it('shows a `mine` action only on the signed-in user’s own rows', async () => {
    useSessionStore.getState().setUser({ user_id: '7' } as never);
    const mineDef = defineResource({
      ...ticketDef,
      actions: [
        {
          name: 'requestReturn',
          label: label('申请归还'),
          code: 'ticket_reply',
          placement: 'row',
          verb: 'requestReturn',
          mine: { field: 'ownerId' },
          when: { field: 'handleStatus', in: [0] },
        },
      ],
    });
    render(
      <App>
        <ResourcePage def={mineDef} />
      </App>,
    );
    await screen.findByText('别人的');
    expect(within(rowOf('别人的')).queryByRole('button', { name: /申请归还/ })).toBeNull();
    expect(within(rowOf('已办结的')).queryByRole('button', { name: /申请归还/ })).toBeNull();
    await act(async () => {
      fireEvent.click(within(rowOf('楼道垃圾')).getByRole('button', { name: /申请归还/ }));
    });
    await waitFor(() => expect(calls.some((c) => c.url === '/api/ticket/requestReturn')).toBe(true));
    expect(calls.find((c) => c.url === '/api/ticket/requestReturn')!.params).toEqual({ ids: '1' });
    useSessionStore.getState().setUser(undefined);
  });
});
