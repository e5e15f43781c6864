import { useState } from 'react';
import { App, Badge, Button, Modal, Space, Table, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { sendLogs, website } from '@tongxin/api-client';
import { badgeCount } from '../../errorlog/error-log-entry';
import { useErrorLogStore } from '../../errorlog/error-log-store';

/** Local error log viewer (docs/front-end.md#the-shells-frame): badge max 99, table, upload and clear with
 * confirmations. */
export function ErrorLogButton() {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const logs = useErrorLogStore((s) => s.logs);
  const [open, setOpen] = useState(false);

  const confirm = (content: string, action: () => Promise<void> | void, done: string) =>
    modal.confirm({
      title: t('common.tip'),
      content,
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await action();
        void message.success(done);
      },
    });

  return (
    <>
      <Tooltip title={t('top.errorLog')}>
        <Badge
          count={badgeCount(logs.length, website.logBadgeMax)}
          overflowCount={website.logBadgeMax}
          size="small"
        >
          <Button
            type="text"
            icon={<BugOutlined />}
            onClick={() => setOpen(true)}
            aria-label={t('top.errorLog')}
          />
        </Badge>
      </Tooltip>
      <Modal
        open={open}
        width={1000}
        title={t('errorLog.title')}
        onCancel={() => setOpen(false)}
        footer={null}
      >
        <Space style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            disabled={logs.length === 0}
            onClick={() => confirm(t('errorLog.uploadConfirm'), () => sendLogs(logs), t('errorLog.uploaded'))}
          >
            {t('errorLog.upload')}
          </Button>
          <Button
            danger
            disabled={logs.length === 0}
            onClick={() =>
              confirm(
                t('errorLog.clearConfirm'),
                () => useErrorLogStore.getState().clear(),
                t('errorLog.cleared'),
              )
            }
          >
            {t('errorLog.clear')}
          </Button>
        </Space>
        <Table
          size="small"
          rowKey={(row) => `${row.time}-${row.message}-${row.url}`}
          dataSource={logs}
          scroll={{ x: 'max-content', y: 400 }}
          columns={[
            { title: t('errorLog.type'), dataIndex: 'type', width: 80 },
            { title: t('errorLog.url'), dataIndex: 'url', width: 220, ellipsis: true },
            { title: t('errorLog.message'), dataIndex: 'message', width: 240, ellipsis: true },
            { title: t('errorLog.stack'), dataIndex: 'stack', width: 280, ellipsis: true },
            { title: t('errorLog.time'), dataIndex: 'time', width: 170 },
          ]}
        />
      </Modal>
    </>
  );
}
