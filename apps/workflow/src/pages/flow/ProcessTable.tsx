import type { ReactNode } from 'react';
import { Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowProcess } from '@tongxin/api-client';
import { PagedTable } from '../../common/PagedTable';
import type { PagedList } from '../../common/use-paged-list';

/** Deployed process definitions (start-list, manager/list): the latest version of each key. */
export function ProcessTable({
  list,
  actions,
  showTenant,
}: {
  list: PagedList<FlowProcess>;
  actions: (row: FlowProcess) => ReactNode;
  showTenant?: boolean;
}) {
  const { t } = useTranslation('workflow');
  const columns: TableColumnsType<FlowProcess> = [
    ...(showTenant
      ? [
          {
            key: 'tenantId',
            dataIndex: 'tenantId',
            title: t('col.tenantId'),
            render: (v: string) => v || '-',
          },
        ]
      : []),
    { key: 'categoryName', dataIndex: 'categoryName', title: t('col.categoryName') },
    { key: 'key', dataIndex: 'key', title: t('col.key') },
    { key: 'name', dataIndex: 'name', title: t('col.name') },
    {
      key: 'version',
      dataIndex: 'version',
      title: t('col.version'),
      render: (v: number) => <Tag>v{v}</Tag>,
    },
    {
      key: 'suspensionState',
      dataIndex: 'suspensionState',
      title: t('col.suspensionState'),
      render: (v: number) =>
        v === 1 ? (
          <Tag color="success">{t('state.active')}</Tag>
        ) : (
          <Tag color="warning">{t('state.suspended')}</Tag>
        ),
    },
    { key: 'deploymentTime', dataIndex: 'deploymentTime', title: t('col.deploymentTime') },
    { key: 'actions', title: t('col.actions'), render: (_: unknown, row: FlowProcess) => actions(row) },
  ];
  return <PagedTable<FlowProcess> list={list} rowKey="id" columns={columns} />;
}
