import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { ActionDef } from '@tongxin/resources';
import { FieldInput, toWireValue, useRules } from './fields';
import { useCrudT, useLabel } from './i18n';
import { RecordTenant, useRowsTenant } from './record-tenant';
import type { Row } from './wire';

/** What the user answered in an action's dialog: the reason, and the values of its `inputs` (wire form,
 * by field name). */
export interface ActionAnswers {
  reason?: string;
  values: Record<string, unknown>;
}

/** Whether an action asks something in a dialog (a reason or inputs). */
export const asksInDialog = (action: ActionDef): boolean => Boolean(action.reason || action.inputs?.length);

/** An action that asks for a reason and/or values (`inputs`, e.g. the handler to assign to): its
 * confirmation (if any), the reason, required when the action says so, and each input with its field's
 * rules; `onOk` gets the answers. A refused call keeps the dialog open. */
export function ReasonDialog({
  action,
  rows,
  onOk,
  onCancel,
}: {
  action: ActionDef;
  /** The rows the action applies to: the users its inputs name belong to their tenant. */
  rows: Row[];
  onOk: (answers: ActionAnswers) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useCrudT();
  const label = useLabel();
  const rulesOf = useRules();
  const [form] = Form.useForm<Record<string, unknown>>();
  const [busy, setBusy] = useState(false);
  const tenant = useRowsTenant(rows);
  const { reason, inputs = [] } = action;
  const submit = async () => {
    let values: Record<string, unknown>;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    setBusy(true);
    try {
      const answers: ActionAnswers = { values: {} };
      if (reason) answers.reason = String(values[reason.field] ?? '').trim();
      for (const f of inputs) {
        const v = toWireValue(f, values[f.name]);
        if (v !== undefined && v !== null && v !== '') answers.values[f.name] = v;
      }
      await onOk(answers);
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
      <RecordTenant.Provider value={tenant}>
        <Form form={form} layout="vertical">
          {inputs.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={label(f.label)}
              rules={rulesOf(f)}
              initialValue={f.defaultValue}
            >
              <FieldInput field={f} />
            </Form.Item>
          ))}
          {reason && (
            <Form.Item
              name={reason.field}
              label={label(reason.label)}
              rules={reason.required ? [{ required: true, whitespace: true, message: reason.required }] : []}
            >
              <Input.TextArea rows={3} maxLength={reason.maxLength} showCount={!!reason.maxLength} />
            </Form.Item>
          )}
        </Form>
      </RecordTenant.Provider>
    </Modal>
  );
}
