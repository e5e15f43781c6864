import { Table, type TableProps } from 'antd';
import type { PagedList } from './use-paged-list';

/** A table over a usePagedList list: its rows, loading state and server paging; wide tables scroll. */
export function PagedTable<T extends object>({
  list,
  ...props
}: { list: PagedList<T> } & Omit<TableProps<T>, 'loading' | 'dataSource' | 'pagination'>) {
  return (
    <Table<T>
      size="middle"
      scroll={{ x: 'max-content' }}
      loading={list.loading}
      dataSource={list.page.records}
      pagination={list.pagination}
      {...props}
    />
  );
}
