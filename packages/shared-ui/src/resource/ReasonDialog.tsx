import { useState } from 'react';
import { Form, Input, InputNumber, Modal } from 'antd';
import type { ActionDef } from '@tongxin/resources';
import { useCrudT, useLabel } from './i18n';

/** What the dialog collects: the reason, and the amount when the action asks for one. */
export interface ReasonAnswer {
  reason: string;
  amount?: number;
}

/** An action that asks for a reason: its confirmation (if any), the reason, required when the action
 * says so, and the optional amount (`action.amount`); `onOk` gets both. A refused call keeps the dialog
 * open. */
export function ReasonDialog({
  action,
  onOk,
  onCancel,
}: {
  action: ActionDef & { reason: NonNullable<ActionDef['reason']> };
  onOk: (answer: ReasonAnswer) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useCrudT();
  const label = useLabel();
  const [form] = Form.useForm<Record<string, string | number | null>>();
  const [busy, setBusy] = useState(false);
  const { reason, amount } = action;
  const submit = async () => {
    let values: Record<string, string | number | null>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setBusy(true);
    try {
      const given = amount ? values[amount.field] : undefined;
      await onOk({
        reason: String(values[reason.field] ?? '').trim(),
        ...(typeof given === 'number' ? { amount: given } : {}),
      });
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
        {amount && (
          <Form.Item name={amount.field} label={label(amount.label)}>
            <InputNumber min={amount.min ?? 0} max={amount.max} precision={0} style={{ width: 160 }} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
