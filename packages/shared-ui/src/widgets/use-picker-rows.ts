import { useEffect, useState } from 'react';
import { http, type Page, type R } from '@tongxin/api-client';
import { cleanQuery, type Row } from '../resource/wire';

export const PICKER_PAGE_SIZE = 10;

interface Answer {
  ticket: string;
  rows: Row[];
  total: number;
}

async function fetchRows(url: string, lazyTree: boolean, current: number, filters: Record<string, unknown>) {
  if (lazyTree) {
    const res = await http.get<R<Row[]>>(url, { params: cleanQuery({ parentId: '0', ...filters }) });
    const list = (res.data.data ?? []).map((r) => (r.hasChildren ? { ...r, children: [] } : r));
    const start = (current - 1) * PICKER_PAGE_SIZE;
    return { rows: list.slice(start, start + PICKER_PAGE_SIZE), total: list.length };
  }
  const res = await http.get<R<Page<Row>>>(url, {
    params: cleanQuery({ current, size: PICKER_PAGE_SIZE, ...filters }),
  });
  return { rows: res.data.data?.records ?? [], total: res.data.data?.total ?? 0 };
}

/** The rows of a picker dialog while it is open: a page of 10 (or a lazy tree's roots), searchable;
 * read again each time the dialog opens. `fixed`: query parameters of every read (the tenant the rows
 * must belong to), which the user's search cannot change. */
export function usePickerRows(url: string, lazyTree: boolean, open: boolean, fixed?: Record<string, string>) {
  const [current, setCurrent] = useState(1);
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [answer, setAnswer] = useState<Answer>({ ticket: '', rows: [], total: 0 });
  const ticket = JSON.stringify([url, lazyTree, current, filters, fixed]);

  useEffect(() => {
    if (!open) return;
    let alive = true;
    fetchRows(url, lazyTree, current, { ...filters, ...fixed })
      .then((got) => alive && setAnswer({ ticket, ...got }))
      // the http client showed the message
      .catch(() => alive && setAnswer((old) => ({ ...old, ticket })));
    return () => {
      alive = false;
    };
  }, [open, url, lazyTree, current, filters, fixed, ticket]);

  /** A lazy tree row opened: its children are read then. */
  const expand = async (expanded: boolean, row: Row) => {
    if (!expanded || !lazyTree || (row.children && row.children.length)) return;
    const res = await http.get<R<Row[]>>(url, { params: { ...fixed, parentId: row.id } });
    const kids = (res.data.data ?? []).map((r) => (r.hasChildren ? { ...r, children: [] } : r));
    const put = (list: Row[]): Row[] =>
      list.map((r) =>
        r.id === row.id ? { ...r, children: kids } : r.children ? { ...r, children: put(r.children) } : r,
      );
    setAnswer((old) => ({ ...old, rows: put(old.rows) }));
  };

  return {
    rows: answer.rows,
    total: answer.total,
    loading: open && answer.ticket !== ticket,
    current,
    setCurrent,
    search: (next: Record<string, unknown>) => {
      setCurrent(1);
      setFilters(next);
    },
    expand,
  };
}
