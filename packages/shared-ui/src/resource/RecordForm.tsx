import { useId } from 'react';
import { Col, Form, Row as GridRow, type FormInstance } from 'antd';
import { meets, type FieldDef } from '@tongxin/resources';
import { FieldInput, toFormValue, useRules } from './fields';
import { useLabel } from './i18n';
import type { Row } from './wire';

export type FormMode = 'add' | 'edit';

/** The values a record's form opens with: the defaults of the fields on add, the record on edit, and the
 * screen's fixed values (`defaults`) over both. */
export function initialValues(
  fields: FieldDef[],
  mode: FormMode,
  record: Row | undefined,
  defaults: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const source: Row =
    mode === 'add'
      ? Object.fromEntries(
          fields.filter((f) => f.defaultValue !== undefined).map((f) => [f.name, f.defaultValue]),
        )
      : (record ?? {});
  const merged = { ...source, ...defaults };
  return Object.fromEntries(fields.map((f) => [f.name, toFormValue(f, merged[f.name])]));
}

/**
 * A record's form. Its values are the form's initial values, given when the form mounts (the drawer
 * destroys it on close, and a new record remounts it): nothing applies them again later, so what the
 * user types stays, whatever re-renders or re-runs effects around the form. A field with `visibleWhen`
 * shows only while the record (as edited) is in one of its states.
 */
export function RecordForm({
  form,
  fields,
  mode,
  record,
  width,
  defaults,
  disabled,
  required,
}: {
  form: FormInstance;
  fields: FieldDef[];
  mode: FormMode;
  record: Row | undefined;
  width: number;
  defaults?: Record<string, unknown>;
  disabled?: string[];
  required?: Record<string, string>;
}) {
  const label = useLabel();
  const rulesOf = useRules();
  const name = `record${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const initial = initialValues(fields, mode, record, defaults);
  const edited = Form.useWatch((values: Record<string, unknown>) => values, { form, preserve: true });
  const state = { ...record, ...initial, ...edited };
  return (
    <Form
      name={name}
      form={form}
      layout="vertical"
      validateTrigger="onBlur"
      preserve={false}
      initialValues={initial}
    >
      <GridRow gutter={16}>
        {fields
          .filter((field) => meets(state, field.visibleWhen))
          .map((field) => {
            const wide =
              width >= 800 &&
              !['text', 'richtext', 'images', 'files'].includes(field.kind) &&
              !field.multiline;
            const extra = required?.[field.name];
            return (
              <Col key={field.name} span={wide ? 12 : 24}>
                <Form.Item
                  name={field.name}
                  label={label(field.label)}
                  extra={field.help && label(field.help)}
                  rules={[
                    // a secret left empty on edit keeps the stored one
                    ...rulesOf(mode === 'edit' && field.secret ? { ...field, required: undefined } : field),
                    ...(extra ? [{ required: true, message: extra }] : []),
                  ]}
                  validateTrigger={['onBlur', 'onChange']}
                >
                  <FieldInput
                    field={field}
                    disabled={disabled?.includes(field.name) || field.disabledOn?.includes(mode)}
                  />
                </Form.Item>
              </Col>
            );
          })}
      </GridRow>
    </Form>
  );
}
