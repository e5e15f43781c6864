import { useCallback, useEffect, useEffectEvent, useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { website, type Page, type PageQuery } from '@tongxin/api-client';
import { useTotalText } from '@tongxin/shared-ui';

const EMPTY: Page<never> = { records: [], total: 0, size: website.pageSize, current: 1, pages: 0 };

/**
 * A server-paged list (docs/front-end.md#the-http-client: first page 1, size 10, sizes 10/30/50/100/200): the
 * current filters, the page, and antd pagination props (with the total, marked approximate when the server
 * estimated it). Loads again on every mount, so a kept-alive tab shown again is fresh; only the newest answer
 * fills the table.
 */
export function usePagedList<T, Q extends object>(
  fetchPage: (query: Q & PageQuery) => Promise<Page<T>>,
  initial: Q,
) {
  const [filters, setFilters] = useState<Q>(initial);
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(website.pageSize);
  const [version, setVersion] = useState(0);
  // the page on screen and the request it answers: loading until the newest request's answer
  const ticket = JSON.stringify([filters, current, size, version]);
  const [answer, setAnswer] = useState<{ ticket: string; page: Page<T> }>({ ticket: '', page: EMPTY });
  const fetchNow = useEffectEvent((query: Q & PageQuery) => fetchPage(query));

  useEffect(() => {
    let newest = true;
    fetchNow({ ...filters, current, size })
      .then((page) => newest && setAnswer({ ticket, page }))
      // the http client showed the server's message
      .catch(() => newest && setAnswer((old) => ({ ...old, ticket })));
    return () => {
      newest = false;
    };
  }, [filters, current, size, ticket]);
  const page = answer.page;
  const loading = answer.ticket !== ticket;

  const search = useCallback((next: Q) => {
    setFilters(next);
    setCurrent(1);
  }, []);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const totalText = useTotalText();
  const pagination: TablePaginationConfig = {
    current,
    pageSize: size,
    total: page.total,
    // 共 N 条, or 约 N 条 when the server estimated the total of a large list
    showTotal: (n) => totalText(n, page.totalExact !== false),
    pageSizeOptions: website.pageSizes.map(String),
    showSizeChanger: true,
    onChange: (c, s) => {
      setCurrent(s === size ? c : 1);
      setSize(s);
    },
  };
  return { page, loading, filters, search, reload, pagination };
}

/** The part of a usePagedList list that a table shows. */
export interface PagedList<T> {
  page: Page<T>;
  loading: boolean;
  pagination: TablePaginationConfig;
}
