import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { PartyMemberSelect, PartyOrgSelect, TableSelect, UserSelect } from '../src/widgets/pickers';

// The pickers (docs/front-end.md#pickers-and-widgets) against a recorded wire: what they ask the server and
// what they show.

const calls: { url: string; params: Record<string, string> }[] = [];
const users = Array.from({ length: 25 }, (_, i) => ({
  id: String(100 + i),
  realName: `用户${i + 1}`,
  idCard: `5401021990010100${String(i).padStart(2, '0')}`,
  phone: `1380000${String(i).padStart(4, '0')}`,
}));
const depts = [
  { id: '1', deptName: '城关区', hasChildren: true },
  { id: '2', deptName: '堆龙德庆区' },
];
const deptChildren = [{ id: '11', deptName: '八廓街道', parentId: '1' }];

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const url = config.url ?? '';
    calls.push({ url, params });
    let data: unknown = null;
    if (url === '/api/blade-user/page' || url === '/api/party/member/page') {
      const hit = users.filter(
        (u) =>
          (!params.realName_like || u.realName.includes(params.realName_like)) &&
          (!params.idcard_like || u.idCard.includes(params.idcard_like)),
      );
      const current = Number(params.current ?? 1);
      const size = Number(params.size ?? 10);
      data = { records: hit.slice((current - 1) * size, current * size), total: hit.length, size, current };
    } else if (url === '/api/blade-user/select') {
      const ids = String(params.ids ?? '').split(',');
      data = users.filter((u) => ids.includes(u.id)).map((u) => ({ id: u.id, realName: u.realName }));
    } else if (url === '/api/blade-system/dept/lazy-list' || url === '/api/party/org/lazy-list') {
      data = params.parentId === '1' ? deptChildren : depts;
    } else if (url === '/api/blade-system/dept/select') {
      const ids = String(params.ids ?? '').split(',');
      data = [...depts, ...deptChildren]
        .filter((d) => ids.includes(d.id))
        .map(({ id, deptName }) => ({ id, deptName }));
    }
    return {
      data: { code: 200, success: true, msg: '操作成功', data },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    };
  };
});
beforeEach(() => {
  calls.length = 0;
});
afterEach(cleanup);

const shown = () =>
  Array.from(document.querySelectorAll('.ant-select-selection-item')).map((e) => e.textContent);
const dialog = () => screen.getByRole('dialog');
const open = async () => {
  fireEvent.click(document.querySelector('.ant-select')!);
  return waitFor(() => dialog());
};

describe('TableSelect', () => {
  it('shows the labels of saved values, read by id, not raw ids', async () => {
    render(
      <App>
        <UserSelect value="101,103" />
      </App>,
    );
    await waitFor(() => expect(shown()).toEqual(['用户2', '用户4']));
    expect(calls).toEqual([{ url: '/api/blade-user/select', params: { ids: '101,103' } }]);
  });

  it('without a labels endpoint falls back to the id', async () => {
    render(
      <App>
        <TableSelect title="t" url="/api/blade-user/page" labelField="realName" columns={[]} value="101" />
      </App>,
    );
    await waitFor(() => expect(shown()).toEqual(['101']));
    expect(calls).toEqual([]);
  });

  it('pages by 10, keeps the selection across pages and returns it on confirm', async () => {
    let picked: { value: string; rows: Record<string, unknown>[] } | undefined;
    render(
      <App>
        <UserSelect onChange={(value, rows) => (picked = { value, rows })} />
      </App>,
    );
    await open();
    await within(dialog()).findByText('用户1');
    expect(calls.at(-1)).toEqual({ url: '/api/blade-user/page', params: { current: 1, size: 10 } });
    fireEvent.click(within(dialog()).getAllByRole('checkbox')[1]!); // row 用户1 (0 is select-all)
    fireEvent.click(within(dialog()).getByTitle('2'));
    await within(dialog()).findByText('用户11');
    fireEvent.click(within(dialog()).getAllByRole('checkbox')[2]!); // row 用户12
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: /确\s*定/ }));
    });
    expect(picked!.value).toBe('100,111');
    expect(picked!.rows.map((r) => r.realName)).toEqual(['用户1', '用户12']);
  });
});

describe('PartyMemberSelect', () => {
  it('is titled 请选择党员 and searches 用户姓名 realName and 身份证号 idcard', async () => {
    render(
      <App>
        <PartyMemberSelect />
      </App>,
    );
    await open();
    expect(within(dialog()).getByText('请选择党员')).toBeTruthy();
    await within(dialog()).findByText('用户1');
    // the id card column reads the user's idCard under the spec's key
    expect(within(dialog()).getByText(users[0]!.idCard)).toBeTruthy();
    const idcard = within(dialog()).getByLabelText('身份证号');
    fireEvent.change(idcard, { target: { value: '010000' } });
    fireEvent.change(within(dialog()).getByLabelText('用户姓名'), { target: { value: '用户' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(calls.at(-1)?.params).toEqual({
        current: 1,
        size: 10,
        realName_like: '用户',
        idcard_like: '010000',
      }),
    );
    // only 用户1's id card (…010000) matches
    await waitFor(() => expect(within(dialog()).queryByText('用户2')).toBeNull(), { timeout: 5000 });
    expect(within(dialog()).getByText('用户1')).toBeTruthy();
  });

  it('reads the endpoints it is given (the party-member resource, once it exists)', async () => {
    render(
      <App>
        <PartyMemberSelect url="/api/party/member/page" />
      </App>,
    );
    await open();
    await within(dialog()).findByText('用户1');
    expect(calls.at(-1)?.url).toBe('/api/party/member/page');
  });
});

describe('PartyOrgSelect', () => {
  it('lists a lazy tree of id and deptName, and names saved values', async () => {
    render(
      <App>
        <PartyOrgSelect value="11" />
      </App>,
    );
    await waitFor(() => expect(shown()).toEqual(['八廓街道']));
    expect(calls[0]).toEqual({ url: '/api/blade-system/dept/select', params: { ids: '11' } });
    await open();
    await within(dialog()).findByText('城关区');
    expect(calls.at(-1)).toEqual({ url: '/api/blade-system/dept/lazy-list', params: { parentId: '0' } });
    const headers = Array.from(dialog().querySelectorAll('th')).map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['主键', '机构名称']));
    fireEvent.click(dialog().querySelector('.ant-table-row-expand-icon')!);
    await within(dialog()).findByText('八廓街道');
    expect(calls.at(-1)).toEqual({ url: '/api/blade-system/dept/lazy-list', params: { parentId: '1' } });
  });

  it('takes the party-organisation endpoint as a prop', async () => {
    render(
      <App>
        <PartyOrgSelect url="/api/party/org/lazy-list" />
      </App>,
    );
    await open();
    await within(dialog()).findByText('城关区');
    expect(calls.at(-1)?.url).toBe('/api/party/org/lazy-list');
  });
});
