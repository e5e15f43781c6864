// The workflow lists' pagination total: 共 N 条, or 约 N 条 when the page says the total is an estimate.
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page, PageQuery } from '@tongxin/api-client';
import { usePagedList } from '../src/common/use-paged-list';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const page = (total: number, totalExact?: boolean): Page<{ id: string }> => ({
  records: [{ id: '1' }],
  total,
  size: 10,
  current: 1,
  pages: Math.ceil(total / 10),
  ...(totalExact === undefined ? {} : { totalExact }),
});

function Total({ answer }: { answer: Page<{ id: string }> }) {
  const list = usePagedList(async (_q: PageQuery) => answer, {});
  return <span>{list.pagination.showTotal?.(list.page.total, [1, 10])}</span>;
}

let root: Root | undefined;
let host: HTMLElement | undefined;

function unmount() {
  const mounted = root;
  root = undefined;
  if (mounted) act(() => mounted.unmount());
  host?.remove();
}

async function shown(answer: Page<{ id: string }>): Promise<string> {
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  await act(async () => mounted.render(<Total answer={answer} />));
  return host.textContent ?? '';
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
});

afterEach(unmount);

describe('usePagedList pagination total', () => {
  it('marks an estimated total as approximate', async () => {
    expect(await shown(page(1_500_000, false))).toBe('约 1500000 条');
  });

  it('shows a counted total (totalExact true or absent) as exact', async () => {
    expect(await shown(page(42, true))).toBe('共 42 条');
    unmount();
    expect(await shown(page(7))).toBe('共 7 条');
  });
});
