import { Descriptions } from 'antd';
import { meets, type FieldDef } from '@tongxin/resources';
import { FieldValue } from './FieldValue';
import { useLabel } from './i18n';
import type { Row } from './wire';

/** A record read-only: every viewable field (those with `visibleWhen` only in their states). */
export function RecordView({ fields, record, width }: { fields: FieldDef[]; record: Row; width: number }) {
  const label = useLabel();
  return (
    <Descriptions column={width >= 800 ? 2 : 1} bordered size="small">
      {fields
        .filter((f) => meets(record, f.visibleWhen))
        .map((field) => (
          <Descriptions.Item key={field.name} label={label(field.label)}>
            <FieldValue field={field} row={record} mode="view" />
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}
