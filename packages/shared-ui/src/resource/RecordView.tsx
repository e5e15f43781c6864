import { Descriptions } from 'antd';
import { meets, type FieldDef } from '@tongxin/resources';
import { Comparison } from './Comparison';
import { FieldValue } from './FieldValue';
import { useLabel } from './i18n';
import { RevealButton, useRevealedRow } from './reveal';
import type { Row } from './wire';

/** A record read-only: every viewable field (those with `visibleWhen` only in their states); each
 * `compare` field below them, its before/after table across the whole width. */
export function RecordView({ fields, record, width }: { fields: FieldDef[]; record: Row; width: number }) {
  const label = useLabel();
  const shown = fields.filter((f) => meets(record, f.visibleWhen));
  const comparisons = shown.filter((f) => f.compare);
  return (
    <>
      <Descriptions column={width >= 800 ? 2 : 1} bordered size="small">
        {shown
          .filter((f) => !f.compare)
          .map((field) => (
            <Descriptions.Item key={field.name} label={label(field.label)}>
              <FieldValue field={field} row={record} mode="view" />
            </Descriptions.Item>
          ))}
      </Descriptions>
      {comparisons.map((field) => (
        <Descriptions key={field.name} column={1} bordered size="small" style={{ marginTop: 12 }}>
          <Descriptions.Item label={label(field.label)}>
            <RevealedComparison field={field} row={record} />
          </Descriptions.Item>
        </Descriptions>
      ))}
    </>
  );
}

/** A comparison whose snapshots may hold personal data: masked as sent, the eye reveals them. */
function RevealedComparison({ field, row }: { field: FieldDef; row: Row }) {
  const shown = useRevealedRow(field, row);
  return (
    <>
      <Comparison field={field} row={shown} />
      <RevealButton field={field} row={shown} />
    </>
  );
}
