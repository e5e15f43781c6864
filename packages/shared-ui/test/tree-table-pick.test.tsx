import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configureHttp, http } from '@tongxin/api-client';
import { partyDeptResource, partyReportResource } from '@tongxin/resources';
import { FieldInput } from '../src/resource/fields';

// A reference whose definition asks for the tree-table selector (`ref.pick.tree`,
// docs/front-end.md#pickers-and-widgets): the party organisation of a member report, chosen in a dialog over
// the tree's lazy-tree — columns id and deptName, roots paged by 10, children read on expanding, the choice
// kept across pages, confirm/cancel.

const calls: { url: string; params: Record<string, string> }[] = [];
const base = partyDeptResource.path;
const roots = Array.from({ length: 12 }, (_, i) => ({
  id: String(100 + i),
  parentId: '0',
  title: `党委${i + 1}`,
  key: String(100 + i),
  value: String(100 + i),
  hasChildren: i === 0,
}));
const children = [
  { id: '900', parentId: '100', title: '第一党支部', key: '900', value: '900', hasChildren: false },
];
const field = partyReportResource.fields.find((f) => f.name === 'partyDeptId')!;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
  configureHttp({ notifyError: () => undefined, onUnauthorized: () => undefined });
  http.defaults.adapter = async (config) => {
    const params = (config.params ?? {}) as Record<string, string>;
    const url = config.url ?? '';
    calls.push({ url, params });
    let data: unknown = null;
    if (url === `${base}/lazy-tree`) data = params.parentId === '100' ? children : roots;
    else if (url === `${base}/select`) {
      const ids = String(params.ids ?? '').split(',');
      data = [...roots, ...children]
        .filter((d) => ids.includes(d.id))
        .map((d) => ({ id: d.id, deptName: d.title }));
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

/** What the field shows (a single select shows its label as the select's text). */
const shown = () => document.querySelector('.ant-select')?.textContent ?? '';
const dialog = () => screen.getByRole('dialog');
const open = async () => {
  fireEvent.click(document.querySelector('.ant-select')!);
  return waitFor(() => dialog());
};
const button = (name: RegExp) => within(dialog()).getByRole('button', { name });

describe('tree-table reference (ref.pick.tree)', () => {
  it('is the definition of the party references', () => {
    expect(field.ref?.pick?.tree).toBe(true);
    expect(field.ref?.pick?.columns).toEqual(['id', 'deptName']);
  });

  it('names a saved branch through select', async () => {
    render(
      <App>
        <FieldInput field={field} value="105" />
      </App>,
    );
    await waitFor(() => expect(shown()).toContain('党委6'));
    expect(calls).toEqual([{ url: `${base}/select`, params: { ids: '105' } }]);
  });

  it('lists id and deptName lazily, pages by 10, keeps the choice across pages, confirms', async () => {
    const changes: unknown[] = [];
    render(
      <App>
        <FieldInput field={field} onChange={(v) => changes.push(v)} />
      </App>,
    );
    await open();
    expect(within(dialog()).getByText('请选择党组织')).toBeTruthy();
    await within(dialog()).findByText('党委1');
    expect(calls.at(-1)).toEqual({ url: `${base}/lazy-tree`, params: { parentId: '0' } });
    const headers = Array.from(dialog().querySelectorAll('th')).map((th) => th.textContent);
    expect(headers).toEqual(expect.arrayContaining(['主键', '党组织名称']));
    expect(within(dialog()).queryByText('党委11')).toBeNull();
    // children are read when their parent opens
    fireEvent.click(dialog().querySelector('.ant-table-row-expand-icon')!);
    await within(dialog()).findByText('第一党支部');
    expect(calls.at(-1)).toEqual({ url: `${base}/lazy-tree`, params: { parentId: '100' } });
    fireEvent.click(within(dialog()).getByText('第一党支部').closest('tr')!.querySelector('input')!);
    // another page: the choice stays and is what confirm returns
    fireEvent.click(within(dialog()).getByTitle('2'));
    await within(dialog()).findByText('党委11');
    await act(async () => {
      fireEvent.click(button(/确\s*定/));
    });
    expect(changes.at(-1)).toBe('900');
  });

  it('shows the chosen branch by its name once confirmed', async () => {
    function Controlled() {
      const [value, setValue] = useState<unknown>();
      return <FieldInput field={field} value={value} onChange={setValue} />;
    }
    render(
      <App>
        <Controlled />
      </App>,
    );
    await open();
    await within(dialog()).findByText('党委3');
    fireEvent.click(within(dialog()).getByText('党委3').closest('tr')!.querySelector('input')!);
    await act(async () => {
      fireEvent.click(button(/确\s*定/));
    });
    await waitFor(() => expect(shown()).toContain('党委3'));
  });

  it('cancel keeps the value unchanged', async () => {
    const changes: unknown[] = [];
    render(
      <App>
        <FieldInput field={field} value="105" onChange={(v) => changes.push(v)} />
      </App>,
    );
    await open();
    await within(dialog()).findByText('党委1');
    fireEvent.click(within(dialog()).getByText('党委1').closest('tr')!.querySelector('input')!);
    await act(async () => {
      fireEvent.click(button(/取\s*消/));
    });
    expect(changes).toEqual([]);
  });
});
