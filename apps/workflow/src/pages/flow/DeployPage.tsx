import { useState } from 'react';
import { App, Button, Form, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flowApi } from '@tongxin/api-client';
import { CardContainer } from '@tongxin/shared-ui';
import { useCan } from '../../common/ActionLinks';
import { DeployFields, type DeployValues } from './DeployFields';
import { useFormName } from '../../common/use-form-name';

const ACCEPT = '.bpmn20.xml,.bpmn,.xml';

/** 部署管理 (/flow/deploy): upload BPMN files and deploy them (manager/deploy-upload, multipart). */
export function DeployPage() {
  const { t } = useTranslation('workflow');
  const formName = useFormName('upload');
  const { message } = App.useApp();
  const can = useCan();
  const [form] = Form.useForm<DeployValues & { files: UploadFile[] }>();
  const [busy, setBusy] = useState(false);

  const submit = async (v: DeployValues & { files: UploadFile[] }) => {
    setBusy(true);
    try {
      const files = v.files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
      const res = await flowApi.deployUpload(files, v.category, v.tenantIds ?? []);
      void message.success(res.msg || t('msg.deployed'));
      form.resetFields();
    } catch {
      // the server's message was shown (e.g. an unsupported element, named)
    } finally {
      setBusy(false);
    }
  };

  return (
    <CardContainer>
      <h3 style={{ marginTop: 0 }}>{t('deploy.title')}</h3>
      <Form
        name={formName}
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(v) => void submit(v)}
      >
        <DeployFields />
        <Form.Item
          name="files"
          label={t('deploy.files')}
          extra={t('deploy.filesHelp')}
          valuePropName="fileList"
          getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList}
          rules={[{ required: true, type: 'array', min: 1, message: t('deploy.filesRequired') }]}
        >
          <Upload accept={ACCEPT} multiple beforeUpload={() => false}>
            <Button icon={<UploadOutlined />}>{t('deploy.files')}</Button>
          </Upload>
        </Form.Item>
        {can('flow_deploy_upload') && (
          <Button type="primary" htmlType="submit" loading={busy}>
            {t('action.upload')}
          </Button>
        )}
      </Form>
    </CardContainer>
  );
}
