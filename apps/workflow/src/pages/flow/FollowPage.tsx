import { useState } from 'react';
import { App, Form, Input, Modal, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi, type FlowExecution } from '@tongxin/api-client';
import { CardContainer, FlowChartDialog, type FlowChartTarget } from '@tongxin/shared-ui';
import { ActionLinks } from '../../common/ActionLinks';
import { SearchBar } from '../../common/SearchBar';
import { PagedTable } from '../../common/PagedTable';
import { usePagedList } from '../../common/use-paged-list';
import { useFormName } from '../../common/use-form-name';

interface Filters {
  processInstanceId?: string;
  processDefinitionKey?: string;
}

/** 流程跟踪 (/flow/follow): running instances; delete one with a reason (history is kept), diagram. */
export function FollowPage() {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const [chart, setChart] = useState<FlowChartTarget>();
  const [deleting, setDeleting] = useState<FlowExecution>();
  const [reasonForm] = Form.useForm<{ reason: string }>();
  const reasonName = useFormName('reason');
  const list = usePagedList(flowApi.followList, {} as Filters);

  const confirmDelete = async () => {
    const { reason } = await reasonForm.validateFields();
    await flowApi.deleteProcessInstance(deleting!.processInstanceId, reason.trim());
    void message.success(t('msg.deleteSuccess'));
    setDeleting(undefined);
    list.reload();
  };

  const columns: TableColumnsType<FlowExecution> = [
    { key: 'name', dataIndex: 'name', title: t('col.name') },
    { key: 'processDefinitionKey', dataIndex: 'processDefinitionKey', title: t('col.processDefinitionKey') },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('col.categoryName') },
    { key: 'startUser', dataIndex: 'startUser', title: t('col.startUser') },
    { key: 'startTime', dataIndex: 'startTime', title: t('col.startTime') },
    { key: 'processInstanceId', dataIndex: 'processInstanceId', title: t('col.processInstanceId') },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (_: unknown, row: FlowExecution) => (
        <ActionLinks
          actions={[
            {
              key: 'delete',
              label: t('action.delete'),
              perm: 'flow_follow_delete',
              danger: true,
              onClick: () => {
                reasonForm.resetFields();
                setDeleting(row);
              },
            },
            {
              key: 'image',
              label: t('action.image'),
              perm: 'flow_follow_image',
              onClick: () => setChart({ processInstanceId: row.processInstanceId }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <CardContainer>
      <SearchBar<Filters> prefix="follow" onSearch={list.search}>
        <Form.Item name="processInstanceId" label={t('col.processInstanceId')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="processDefinitionKey" label={t('col.processDefinitionKey')}>
          <Input allowClear />
        </Form.Item>
      </SearchBar>
      <PagedTable<FlowExecution> list={list} rowKey="processInstanceId" columns={columns} />
      <Modal
        open={!!deleting}
        title={t('action.delete')}
        okText={t('action.confirm')}
        cancelText={t('action.cancel')}
        onCancel={() => setDeleting(undefined)}
        onOk={() => confirmDelete().catch(() => undefined)}
        destroyOnHidden
      >
        <Form name={reasonName} form={reasonForm} layout="vertical">
          <Form.Item
            name="reason"
            label={t('msg.deleteReason')}
            rules={[{ required: true, whitespace: true, message: t('msg.deleteReason') }]}
          >
            <Input.TextArea rows={3} maxLength={500} />
          </Form.Item>
        </Form>
      </Modal>
      <FlowChartDialog target={chart} onClose={() => setChart(undefined)} />
    </CardContainer>
  );
}
