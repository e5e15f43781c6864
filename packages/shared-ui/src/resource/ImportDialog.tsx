import { useState } from 'react';
import { App, Button, Modal, Space, Table, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ApiError } from '@tongxin/api-client';
import { useCrudT } from './i18n';
import type { ResourceCalls } from './wire';

/** Import: template download, the file upload, and the per-row error report of a refused file. */
export function ImportDialog({
  calls,
  onClose,
  onDone,
}: {
  calls: ResourceCalls;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useCrudT();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<{ row: number; msg: string }[]>([]);
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title={t('importTitle')} onCancel={onClose} footer={null} width={640}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            customRequest={({ file }) => {
              setBusy(true);
              setErrors([]);
              calls
                .importFile(file as File)
                .then((res) => {
                  void message.success(res.msg || t('operateSuccess'));
                  onDone();
                  onClose();
                })
                .catch((error: unknown) => {
                  const data =
                    error instanceof ApiError
                      ? (error.data as { data?: { errors?: { row: number; msg: string }[] } })
                      : undefined;
                  setErrors(data?.data?.errors ?? []);
                })
                .finally(() => setBusy(false));
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              {t('importPick')}
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => window.open(calls.templateUrl(), '_blank')}>
            {t('template')}
          </Button>
        </Space>
        {errors.length > 0 && (
          <Table
            size="small"
            title={() => t('importErrors')}
            rowKey={(r) => `${r.row}-${r.msg}`}
            dataSource={errors}
            pagination={false}
            columns={[
              { key: 'row', dataIndex: 'row', title: t('row'), width: 80 },
              { key: 'msg', dataIndex: 'msg', title: t('reason') },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
