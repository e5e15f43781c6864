import { Select } from 'antd';
import { useFlowDict } from './use-flow-dict';

/** A process category (`flow_<dictKey>` of the `flow` dictionary). */
export function CategorySelect({
  value,
  onChange,
  placeholder,
  id,
}: {
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  id?: string;
}) {
  const items = useFlowDict();
  return (
    <Select
      id={id}
      allowClear
      style={{ minWidth: 180 }}
      placeholder={placeholder}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange?.(v)}
      options={items.map((item) => ({ value: `flow_${item.dictKey}`, label: item.dictValue }))}
    />
  );
}
