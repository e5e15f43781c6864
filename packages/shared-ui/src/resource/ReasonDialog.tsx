import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { ActionDef } from '@tongxin/resources';
import { useCrudT, useLabel } from './i18n';

/** An action that asks for a reason: its confirmation (if any) and the reason, required when the action
 * says so; `onOk` gets the reason. A refused call keeps the dialog open. */
export function ReasonDialog({
  action,
  onOk,
  onCancel,
}: {
  action: ActionDef & { reason: NonNullable<ActionDef['reason']> };
  onOk: (reason: string) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useCrudT();
  const label = useLabel();
  const [form] = Form.useForm<Record<string, string>>();
  const [busy, setBusy] = useState(false);
  const { reason } = action;
  const submit = async () => {
    let values: Record<string, string>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setBusy(true);
    try {
      await onOk((values[reason.field] ?? '').trim());
    } catch {
      // the http client showed the server's message; the dialog stays
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={label(action.label)}
      okText={t('confirm')}
      cancelText={t('cancel')}
      okButtonProps={{ danger: action.danger }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      {action.confirm && <p>{label(action.confirm)}</p>}
      <Form form={form} layout="vertical">
        <Form.Item
          name={reason.field}
          label={label(reason.label)}
          rules={reason.required ? [{ required: true, whitespace: true, message: reason.required }] : []}
        >
          <Input.TextArea rows={3} maxLength={reason.maxLength} showCount={!!reason.maxLength} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
