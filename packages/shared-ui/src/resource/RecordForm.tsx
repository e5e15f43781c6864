import { useId, useImperativeHandle, type Ref } from 'react';
import { Col, Form, Row as GridRow, type FormInstance } from 'antd';
import { meets, type FieldDef } from '@tongxin/resources';
import { FieldInput, toFormValue, useRules } from './fields';
import { useLabel } from './i18n';
import { RecordTenant, useRowsTenant } from './record-tenant';
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

/** The record as the form has it now: what it read, its initial values, and the edits. */
export const recordState = (record: Row | undefined, ...values: (Record<string, unknown> | undefined)[]) =>
  Object.assign({}, record, ...values) as Row;

/**
 * A record's form, one per opening (the drawer mounts a new one for each record): its own form store
 * starts from the record's values as initial values, and nothing applies them again later. Its fields
 * keep their values when React hides and shows the page again (a Suspense boundary above re-suspending
 * unmounts and remounts class fields): with `preserve={false}` they fell back to the record's values,
 * and a layout effect that set the values re-ran then too; either way what the user had typed was lost.
 * A field with `visibleWhen` shows only while the record (as edited) is in one of its states.
 */
export function RecordForm({
  formRef,
  fields,
  mode,
  record,
  width,
  defaults,
  disabled,
  required,
}: {
  /** Where the drawer reaches this opening's form (validate, read). */
  formRef: Ref<FormInstance>;
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
  const [form] = Form.useForm();
  useImperativeHandle(formRef, () => form, [form]);
  const initial = initialValues(fields, mode, record, defaults);
  const edited = Form.useWatch((values: Record<string, unknown>) => values, { form, preserve: true });
  const state = recordState(record, initial, edited);
  const tenant = useRowsTenant(record ? [record] : []);
  return (
    <RecordTenant.Provider value={tenant}>
      <Form name={name} form={form} layout="vertical" validateTrigger="onBlur" initialValues={initial}>
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
    </RecordTenant.Provider>
  );
}
