import type { HTMLAttributes } from 'react';
import { Table, Typography, theme } from 'antd';
import type { ComparedKey, FieldDef } from '@tongxin/resources';
import { comparedRows, textOf, type ComparedRow } from './comparison';
import { FieldValue } from './FieldValue';
import { useCrudT, useLabel } from './i18n';
import type { Row } from './wire';

/**
 * A `compare` field in a record's view: its snapshot beside the one its `compare.before` names, side by
 * side in one table (字段 / 修改前 / 修改后), each value shown as a field of its key's kind; the keys
 * whose values differ are highlighted (the old value struck through, the new one marked).
 */
export function Comparison({ field, row }: { field: FieldDef; row: Row }) {
  const t = useCrudT();
  const label = useLabel();
  const { token } = theme.useToken();
  const { before, after, rows } = comparedRows(field, row);
  const value = (snapshot: Row, key: ComparedKey) =>
    textOf(snapshot[key.name]) === '' ? (
      <Typography.Text type="secondary">{t('compareEmpty')}</Typography.Text>
    ) : (
      <FieldValue field={key} row={snapshot} mode="view" />
    );
  return (
    <Table<ComparedRow>
      data-testid={`comparison-${field.name}`}
      size="small"
      bordered
      pagination={false}
      rowKey={(r) => r.key.name}
      dataSource={rows}
      onRow={(r) => ({ 'data-changed': String(r.changed) }) as HTMLAttributes<HTMLElement>}
      columns={[
        {
          key: 'field',
          title: t('compareField'),
          width: 120,
          render: (_, r) => (r.changed ? <b>{label(r.key.label)}</b> : label(r.key.label)),
        },
        {
          key: 'before',
          title: t('compareBefore'),
          render: (_, r) =>
            r.changed ? (
              <Typography.Text delete type="secondary">
                {value(before, r.key)}
              </Typography.Text>
            ) : (
              value(before, r.key)
            ),
        },
        {
          key: 'after',
          title: t('compareAfter'),
          onCell: (r) => ({ style: r.changed ? { background: token.colorWarningBg } : undefined }),
          render: (_, r) => (r.changed ? <b>{value(after, r.key)}</b> : value(after, r.key)),
        },
      ]}
    />
  );
}
