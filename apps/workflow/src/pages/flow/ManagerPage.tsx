import { useState } from 'react';
import { App, Button, Dropdown, Form, Radio, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi, type FlowProcess } from '@tongxin/api-client';
import { CardContainer, FlowChartDialog, type FlowChartTarget } from '@tongxin/shared-ui';
import { ActionLinks, useCan } from '../../common/ActionLinks';
import { CategorySelect } from '../../common/CategorySelect';
import { SearchBar } from '../../common/SearchBar';
import { useConfirmDelete } from '../../common/use-confirm-delete';
import { usePagedList } from '../../common/use-paged-list';
import { ProcessTable } from './ProcessTable';

interface Filters {
  mode?: number;
  category?: string;
}

/** 流程管理 (/flow/manager): deployed definitions; suspend or activate, delete a deployment, diagram. */
export function ManagerPage() {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const can = useCan();
  const [chart, setChart] = useState<FlowChartTarget>();
  const list = usePagedList(flowApi.managerList, {} as Filters);

  const changeState = async (row: FlowProcess, state: 'active' | 'suspend') => {
    const res = await flowApi.changeState(row.id, state).catch(() => undefined);
    if (!res) return;
    void message.success(res.msg || t('msg.operateSuccess'));
    list.reload();
  };
  const remove = (row: FlowProcess) =>
    confirmDelete(() => flowApi.deleteDeployment([row.deploymentId]), list.reload);

  return (
    <CardContainer>
      <SearchBar<Filters> prefix="manager" onSearch={list.search}>
        <Form.Item name="mode" label={t('filter.mode')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 1, label: t('filter.common') },
              { value: 2, label: t('filter.custom') },
            ]}
          />
        </Form.Item>
        <Form.Item name="category" label={t('filter.category')}>
          <CategorySelect />
        </Form.Item>
      </SearchBar>
      <ProcessTable
        showTenant
        list={list}
        actions={(row) => (
          <Space size={0}>
            {can('flow_manager_suspend') && (
              <Dropdown
                menu={{
                  items: [
                    { key: 'active', label: t('action.activate'), disabled: row.suspensionState === 1 },
                    { key: 'suspend', label: t('action.suspend'), disabled: row.suspensionState !== 1 },
                  ],
                  onClick: ({ key }) => void changeState(row, key as 'active' | 'suspend'),
                }}
              >
                <Button type="link" size="small">
                  {t('action.changeState')}
                </Button>
              </Dropdown>
            )}
            <ActionLinks
              actions={[
                {
                  key: 'delete',
                  label: t('action.delete'),
                  perm: 'flow_manager_delete',
                  danger: true,
                  onClick: () => remove(row),
                },
                {
                  key: 'image',
                  label: t('action.image'),
                  perm: 'flow_manager_image',
                  onClick: () => setChart({ processDefinitionId: row.id }),
                },
              ]}
            />
          </Space>
        )}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(undefined)} />
    </CardContainer>
  );
}
