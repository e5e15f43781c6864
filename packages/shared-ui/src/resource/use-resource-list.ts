import { useCallback, useEffect, useMemo, useRef, useState, type Key } from 'react';
import { website } from '@tongxin/api-client';
import type { ResourceDef } from '@tongxin/resources';
import { rowKeyOf, type ResourceCalls, type Row } from './wire';

/** What one list call asks for. */
interface ListRequest {
  lazyTree: boolean;
  paged: boolean;
  query: Record<string, unknown>;
  current: number;
  size: number;
  filters: Record<string, unknown>;
  sort: { ascs?: string; descs?: string };
  listPath?: string;
}

/** The answer on screen: the request it answers (`ticket`), its rows and total. */
interface ListAnswer {
  ticket: string;
  rows: Row[];
  total: number;
  exact: boolean;
  expandedKeys: readonly Key[];
}

/** Tree rows: a node with children (or known to have some) gets an expander. */
export const markChildren = (list: Row[]): Row[] =>
  list.map((r) =>
    r.children?.length
      ? { ...r, children: markChildren(r.children) }
      : r.hasChildren
        ? { ...r, children: [] }
        : { ...r, children: undefined },
  );

async function fetchList(def: ResourceDef, calls: ResourceCalls, r: ListRequest) {
  if (r.lazyTree) {
    const list = await calls.lazyList(def.tree!.root ?? '0', r.query);
    return { rows: markChildren(list), total: list.length, exact: true };
  }
  const params = r.paged
    ? { ...r.query, current: r.current, size: r.size, ...r.filters, ...r.sort }
    : { ...r.query, ...r.filters };
  const page = await calls.list(params, r.listPath);
  return {
    rows: def.tree ? markChildren(page.records) : page.records,
    total: page.total,
    exact: page.totalExact !== false,
  };
}

export interface ListOptions {
  query?: Record<string, unknown>;
  paged?: boolean;
  listPath?: string;
}

/**
 * The list state of a ResourcePage: paging, filters, sort, selection and the rows of the newest request
 * (an older answer arriving late never overwrites it). A change of `query` (another parent, another
 * department) starts again at page 1 with nothing selected. `reload()` resolves once the list is read.
 */
export function useResourceList(def: ResourceDef, calls: ResourceCalls, options: ListOptions) {
  const queryKey = JSON.stringify(options.query ?? {});
  const [filters, setFilters] = useState<Record<string, unknown>>({});
  const [sort, setSort] = useState<{ ascs?: string; descs?: string }>({});
  const [size, setSize] = useState<number>(website.pageSize);
  const [tick, setTick] = useState(0);
  // page and selection belong to one query: another query starts afresh
  const [paging, setPaging] = useState({ queryKey, current: 1 });
  const current = paging.queryKey === queryKey ? paging.current : 1;
  const [selection, setSelection] = useState<{ queryKey: string; keys: Key[]; rows: Row[] }>({
    queryKey,
    keys: [],
    rows: [],
  });
  const selected = selection.queryKey === queryKey ? selection : { keys: [], rows: [] };
  const lazyTree = !!def.tree?.lazy && Object.keys(filters).length === 0;
  // a forest resource's list is the whole tree: never paged
  const paged = options.paged ?? !def.tree?.forest;
  const request = useMemo<ListRequest>(
    () => ({
      lazyTree,
      paged,
      query: JSON.parse(queryKey) as Record<string, unknown>,
      current,
      size,
      filters,
      sort,
      listPath: options.listPath,
    }),
    [lazyTree, paged, queryKey, current, size, filters, sort, options.listPath],
  );
  const ticket = `${JSON.stringify(request)}#${tick}`;
  const [answer, setAnswer] = useState<ListAnswer>({
    ticket: '',
    rows: [],
    total: 0,
    exact: true,
    expandedKeys: [],
  });
  const waiting = useRef<(() => void)[]>([]);

  useEffect(() => {
    let newest = true;
    fetchList(def, calls, request)
      .then((got) => newest && setAnswer({ ticket, ...got, expandedKeys: [] }))
      // the http client already showed the server's message; the old rows stay
      .catch(() => newest && setAnswer((old) => ({ ...old, ticket })))
      .finally(() => newest && waiting.current.splice(0).forEach((done) => done()));
    return () => {
      newest = false;
    };
  }, [def, calls, request, ticket]);

  // a page that goes away leaves no reload pending for ever
  useEffect(() => {
    const pending = waiting.current;
    return () => pending.splice(0).forEach((done) => done());
  }, []);

  const reload = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        setTick((t) => t + 1);
      }),
    [],
  );
  /** A lazy tree's node opened: its children are read then. */
  const expand = async (expanded: boolean, row: Row) => {
    if (!expanded || !lazyTree || (row.children && row.children.length)) return;
    const key = rowKeyOf(def);
    try {
      const kids = markChildren(await calls.lazyList(String(row[key]), options.query));
      const put = (rows: Row[]): Row[] =>
        rows.map((r) =>
          r[key] === row[key]
            ? { ...r, children: kids }
            : r.children
              ? { ...r, children: put(r.children) }
              : r,
        );
      setAnswer((old) => ({ ...old, rows: put(old.rows) }));
    } catch {
      // shown by the http client
    }
  };
  return {
    rows: answer.rows,
    total: answer.total,
    totalExact: answer.exact,
    loading: answer.ticket !== ticket,
    current,
    size,
    sort,
    filters,
    lazyTree,
    paged,
    selected,
    expandedKeys: answer.expandedKeys,
    setExpandedKeys: (keys: readonly Key[]) => setAnswer((old) => ({ ...old, expandedKeys: keys })),
    expand,
    setPage: (page: number, pageSize: number) => {
      setPaging({ queryKey, current: pageSize === size ? page : 1 });
      setSize(pageSize);
    },
    search: (next: Record<string, unknown>) => {
      setPaging({ queryKey, current: 1 });
      setFilters(next);
    },
    setSort,
    select: (keys: Key[], rows: Row[]) => setSelection({ queryKey, keys, rows }),
    reload,
  };
}

export type ResourceList = ReturnType<typeof useResourceList>;
