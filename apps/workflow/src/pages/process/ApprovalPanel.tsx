import { useState } from 'react';
import { App, Button, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi } from '@tongxin/api-client';

/** Approve or reject the task with a comment (blade-flow/work/complete-task, an explicit `pass`). */
export function ApprovalPanel({
  taskId,
  processInstanceId,
  passLabel,
  rejectLabel,
  onDone,
}: {
  taskId: string;
  processInstanceId: string;
  passLabel?: string;
  rejectLabel?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'pass' | 'reject'>();
  const decide = async (pass: boolean) => {
    setBusy(pass ? 'pass' : 'reject');
    try {
      const res = await flowApi.completeTask({
        taskId,
        processInstanceId,
        pass,
        comment: comment.trim() || (pass ? t('state.pass') : t('state.reject')),
      });
      void message.success(res.msg || t('msg.operateSuccess'));
      onDone();
    } catch {
      // the server's message was shown; the form keeps what was typed
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Form layout="vertical" data-testid="approval-panel">
      <Form.Item label={t('approve.comment')}>
        <Input.TextArea
          rows={3}
          maxLength={2000}
          value={comment}
          placeholder={t('approve.commentPlaceholder')}
          onChange={(e) => setComment(e.target.value)}
        />
      </Form.Item>
      <Space>
        <Button type="primary" loading={busy === 'pass'} disabled={!!busy} onClick={() => void decide(true)}>
          {passLabel ?? t('approve.pass')}
        </Button>
        <Button danger loading={busy === 'reject'} disabled={!!busy} onClick={() => void decide(false)}>
          {rejectLabel ?? t('approve.reject')}
        </Button>
      </Space>
    </Form>
  );
}
