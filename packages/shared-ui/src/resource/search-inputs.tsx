import { DatePicker, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { FieldDef, SearchOp } from '@tongxin/resources';
import { FieldInput } from './fields';
import { useCrudT } from './i18n';

/** A range search: one picker for both ends (dates; a datetime's end is the end of its day). */
export function RangeInput({
  value,
  onChange,
  id,
}: {
  value?: [Dayjs | null, Dayjs | null] | null;
  onChange?: (value: [Dayjs | null, Dayjs | null] | null) => void;
  id?: string;
}) {
  const t = useCrudT();
  return (
    <DatePicker.RangePicker
      id={id}
      allowEmpty={[true, true]}
      value={value ?? null}
      onChange={(v) => onChange?.(v ? [v[0], v[1]] : null)}
      placeholder={[t('rangeStart'), t('rangeEnd')]}
    />
  );
}

/** A search with several operators: the operator (the first by default) and the value. */
export function OperatorInput({
  field,
  value,
  onChange,
  id,
}: {
  field: FieldDef & { search: SearchOp[] };
  value?: { op?: SearchOp; value?: unknown };
  onChange?: (value: { op: SearchOp; value?: unknown }) => void;
  id?: string;
}) {
  const t = useCrudT();
  const op = value?.op ?? field.search[0]!;
  return (
    <Space.Compact>
      <Select
        aria-label={t('operator')}
        value={op}
        style={{ width: 104 }}
        onChange={(next: SearchOp) => onChange?.({ op: next, value: value?.value })}
        options={field.search.map((o) => ({ value: o, label: t(`op_${o}`) }))}
      />
      <FieldInput
        field={field}
        search
        id={id}
        value={value?.value}
        onChange={(v) => onChange?.({ op, value: v })}
      />
    </Space.Compact>
  );
}
