import { useRef, useState } from 'react';
import { Button, Drawer, Space, type FormInstance } from 'antd';
import { isWritable, meets, type FieldDef, type ResourceDef } from '@tongxin/resources';
import { type DetailPage, DetailTabs } from './DetailTabs';
import { toWireValue } from './fields';
import { useCrudT, useLabel } from './i18n';
import { RecordForm, recordState } from './RecordForm';
import { RecordView } from './RecordView';
import type { ResourcePageOptions } from './page-options';
import { rowKeyOf, type Row } from './wire';

export type DrawerMode = 'add' | 'edit' | 'view';

/** The row a save sends: the form's values, the screen's fixed values, and on edit the record's id and
 * what the form read (version, update time: the server refuses the save when it changed since, 409). */
function rowToSave(
  def: ResourceDef,
  fields: FieldDef[],
  values: Record<string, unknown>,
  options: ResourcePageOptions,
  record?: Row,
) {
  const row: Row = {};
  const state = recordState(record, values);
  for (const f of fields) {
    // a field hidden in the record's state (visibleWhen) is not sent
    if (!meets(state, f.visibleWhen)) continue;
    const v = toWireValue(f, values[f.name]);
    if (v !== undefined) row[f.name] = v === null ? '' : v;
  }
  Object.assign(row, options.defaults);
  if (!record) return row;
  row.id = record.id;
  if (record.version !== undefined && record.version !== null) row.version = record.version;
  if (record.updateTime) row.updateTime = record.updateTime;
  const keyField = rowKeyOf(def);
  if (keyField !== 'id') row[keyField] = record[keyField];
  return row;
}

/** The drawer of one record: its form (add, edit) or view, and the tabs of its child rows (details). */
export function RecordDrawer({
  def,
  fields,
  options,
  mode,
  record,
  onClose,
  save,
}: {
  def: ResourceDef;
  fields: FieldDef[];
  /** the page's options, and the page listing a detail's rows (DetailTabs): the ResourcePage that opened
   * the drawer, handed down because DetailTabs may not import it back */
  options: ResourcePageOptions & { detailPage: DetailPage };
  mode: DrawerMode | undefined;
  record: Row | undefined;
  onClose: () => void;
  save: (row: Row, isNew: boolean) => Promise<void>;
}) {
  const t = useCrudT();
  const label = useLabel();
  const form = useRef<FormInstance>(null);
  const [saving, setSaving] = useState(false);
  const formFields = fields.filter(
    (f) => isWritable(f) && !(mode === 'edit' && f.secret && f.disabledOn?.includes('edit')),
  );
  const viewFields = fields.filter((f) => f.view !== false && !f.secret);
  const width = def.drawerWidth ?? 600;

  const submit = async () => {
    if (!form.current) return;
    const values = (await form.current.validateFields()) as Record<string, unknown>;
    const isNew = mode === 'add';
    setSaving(true);
    try {
      await save(rowToSave(def, formFields, values, options, isNew ? undefined : record), isNew);
    } catch {
      // a failed save only resets the loading state (docs/front-end.md#generic-screens); the server's message
      // was shown
    } finally {
      setSaving(false);
    }
  };

  const main =
    mode === 'view' ? (
      <RecordView fields={viewFields} record={record ?? {}} width={width} />
    ) : mode ? (
      <RecordForm
        // a new record (or another one) is a new form: its values are its initial values
        key={`${mode}:${String(record?.id ?? '')}`}
        formRef={form}
        fields={formFields}
        mode={mode}
        record={record}
        width={width}
        defaults={options.defaults}
        disabled={options.disabled}
        required={options.required}
      />
    ) : null;
  const withDetails = mode !== 'add' && def.details?.length && record?.id !== undefined;
  return (
    <Drawer
      open={mode !== undefined}
      title={`${label(options.title ?? def.label)} · ${mode ? t(mode) : ''}`}
      size={width}
      onClose={onClose}
      maskClosable={options.maskClosable ?? true}
      destroyOnHidden
      extra={
        mode !== 'view' ? (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={saving} onClick={() => void submit().catch(() => undefined)}>
              {t('submit')}
            </Button>
          </Space>
        ) : (
          <Button onClick={onClose}>{t('close')}</Button>
        )
      }
    >
      {withDetails ? (
        <DetailTabs
          def={def}
          recordId={String(record!.id)}
          main={main}
          definitions={options.definitions}
          page={options.detailPage}
        />
      ) : (
        main
      )}
    </Drawer>
  );
}
