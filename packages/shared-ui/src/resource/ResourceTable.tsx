import type { Key } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { website } from '@tongxin/api-client';
import type { FieldDef, ResourceDef } from '@tongxin/resources';
import { arrangeColumns, type ColumnSetting } from './column-settings';
import { FieldValue } from './FieldValue';
import { useCrudT, useLabel, useTotalText } from './i18n';
import { RowActions, rowActionsWidth, type RowAction } from './row-actions';
import type { ResourceList } from './use-resource-list';
import type { Row } from './wire';

/** The columns of the listed fields (a tenant column first when the platform administrator sees several
 * tenants' rows of a platform-wide resource). */
export function useFieldColumns(
  def: ResourceDef,
  fields: FieldDef[],
  list: ResourceList,
): TableColumnsType<Row> {
  const t = useCrudT();
  const label = useLabel();
  const columns: TableColumnsType<Row> = fields.map((field) => ({
    key: field.name,
    dataIndex: field.name,
    title: label(field.label),
    width: field.width,
    ellipsis: true,
    sorter: field.sortable && !list.lazyTree ? true : undefined,
    render: (_: unknown, row: Row) => <FieldValue field={field} row={row} mode="cell" />,
  }));
  const rows = list.rows;
  if (def.platformWide && rows.some((r) => r.tenantId !== undefined && r.tenantId !== rows[0]?.tenantId))
    columns.unshift({ key: 'tenantId', dataIndex: 'tenantId', title: t('tenantId'), width: 90 });
  return columns;
}

/** The table of a ResourcePage: index, field columns as the user arranged them, the operation column
 * (frequent actions inline, the rest under 更多), selection, sorting, paging and lazy tree rows. */
export function ResourceTable({
  def,
  list,
  columns,
  setting,
  rowActions,
  keyField,
  index,
  actionWidth,
  onRowClick,
  activeKey,
  onExpand,
}: {
  def: ResourceDef;
  list: ResourceList;
  columns: TableColumnsType<Row>;
  setting: ColumnSetting | undefined;
  rowActions: (row: Row) => RowAction[];
  keyField: string;
  index?: boolean;
  actionWidth?: number;
  onRowClick?: (row: Row) => void;
  activeKey?: string;
  onExpand: (expanded: boolean, row: Row) => void;
}) {
  const t = useCrudT();
  const totalText = useTotalText();
  const { current, size } = list;
  const all: TableColumnsType<Row> = [
    ...(index
      ? [
          {
            key: '__index',
            title: t('index'),
            width: 60,
            render: (_: unknown, __: Row, i: number) => (current - 1) * size + i + 1,
          },
        ]
      : []),
    ...arrangeColumns(columns, setting),
    {
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: actionWidth ?? rowActionsWidth(rowActions(list.rows[0] ?? {}), t('more')),
      render: (_: unknown, row: Row) => <RowActions actions={rowActions(row)} />,
    },
  ];
  return (
    <Table<Row>
      rowKey={(row) => String(row[keyField])}
      loading={list.loading}
      columns={all}
      dataSource={list.rows}
      size="middle"
      scroll={{ x: 'max-content' }}
      rowSelection={{
        selectedRowKeys: list.selected.keys,
        checkStrictly: true,
        onChange: (keys: Key[], rows: Row[]) => list.select(keys, rows.filter(Boolean)),
      }}
      rowClassName={(row) => (activeKey && String(row.id) === activeKey ? 'ant-table-row-selected' : '')}
      onRow={onRowClick ? (row) => ({ onClick: () => onRowClick(row) }) : undefined}
      expandable={
        def.tree
          ? { expandedRowKeys: list.expandedKeys, onExpandedRowsChange: list.setExpandedKeys, onExpand }
          : undefined
      }
      onChange={(_p, _f, sorter) => {
        const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<Row> | undefined;
        const field = s?.columnKey ? String(s.columnKey) : undefined;
        list.setSort(field && s?.order ? (s.order === 'ascend' ? { ascs: field } : { descs: field }) : {});
      }}
      pagination={
        list.lazyTree || !list.paged
          ? false
          : {
              current,
              pageSize: size,
              total: list.total,
              pageSizeOptions: website.pageSizes.map(String),
              showSizeChanger: true,
              showTotal: (n) => totalText(n, list.totalExact),
              onChange: list.setPage,
            }
      }
    />
  );
}
