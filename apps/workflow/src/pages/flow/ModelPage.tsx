import { useState } from 'react';
import { App, Button, Form, Input, Modal, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flowApi, type FlowModel } from '@tongxin/api-client';
import { CardContainer } from '@tongxin/shared-ui';
import { ActionLinks, useCan } from '../../common/ActionLinks';
import { SearchBar } from '../../common/SearchBar';
import { useConfirmDelete } from '../../common/use-confirm-delete';
import { PagedTable } from '../../common/PagedTable';
import { usePagedList } from '../../common/use-paged-list';
import { DeployFields, type DeployValues } from './DeployFields';
import { ModelDesignerDrawer } from './ModelDesignerDrawer';
import { useFormName } from '../../common/use-form-name';

interface Filters {
  name?: string;
  modelKey?: string;
}

/** 模型设计 (/flow/model): process models; design them in bpmn-js, deploy, delete. */
export function ModelPage() {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const can = useCan();
  const list = usePagedList(flowApi.modelList, {} as Filters);
  const [editing, setEditing] = useState<Partial<FlowModel>>();
  const [deploying, setDeploying] = useState<FlowModel>();
  const [deployForm] = Form.useForm<DeployValues>();
  const deployName = useFormName('deploy');

  const remove = (row: FlowModel) => confirmDelete(() => flowApi.modelRemove([row.id]), list.reload);

  const deploy = async () => {
    const v = await deployForm.validateFields();
    const res = await flowApi.modelDeploy(deploying!.id, v.category, v.tenantIds ?? []);
    void message.success(res.msg || t('msg.deployed'));
    setDeploying(undefined);
  };

  const columns: TableColumnsType<FlowModel> = [
    { key: 'modelKey', dataIndex: 'modelKey', title: t('col.modelKey') },
    { key: 'name', dataIndex: 'name', title: t('col.modelName') },
    { key: 'version', dataIndex: 'version', title: t('col.version') },
    { key: 'description', dataIndex: 'description', title: t('col.description'), ellipsis: true },
    { key: 'lastUpdated', dataIndex: 'lastUpdated', title: t('col.lastUpdated') },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (_: unknown, row: FlowModel) => (
        <ActionLinks
          actions={[
            { key: 'edit', label: t('action.edit'), perm: 'flow_model_edit', onClick: () => setEditing(row) },
            {
              key: 'deploy',
              label: t('action.deploy'),
              perm: 'flow_model_deploy',
              onClick: () => setDeploying(row),
            },
            {
              key: 'delete',
              label: t('action.delete'),
              perm: 'flow_model_delete',
              danger: true,
              onClick: () => remove(row),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <CardContainer>
      <SearchBar<Filters> prefix="models" onSearch={list.search}>
        <Form.Item name="name" label={t('col.modelName')}>
          <Input allowClear />
        </Form.Item>
        <Form.Item name="modelKey" label={t('col.modelKey')}>
          <Input allowClear />
        </Form.Item>
      </SearchBar>
      {can('flow_model_add') && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 16 }}
          onClick={() => setEditing({})}
        >
          {t('action.add')}
        </Button>
      )}
      <PagedTable<FlowModel> list={list} rowKey="id" columns={columns} />
      <ModelDesignerDrawer
        model={editing}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          list.reload();
        }}
      />
      <Modal
        open={!!deploying}
        title={`${t('deploy.title')} · ${deploying?.name ?? ''}`}
        okText={t('action.deploy')}
        cancelText={t('action.cancel')}
        onCancel={() => setDeploying(undefined)}
        onOk={() => deploy().catch(() => undefined)}
        destroyOnHidden
      >
        <Form
          name={deployName}
          form={deployForm}
          layout="vertical"
          preserve={false}
          initialValues={{ category: deploying?.category || undefined }}
        >
          <DeployFields />
        </Form>
      </Modal>
    </CardContainer>
  );
}
