import { useId, useState } from 'react';
import { Button, Form, Space } from 'antd';
import { ClearOutlined, DownOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import type { FieldDef, ResourceDef, SearchOp } from '@tongxin/resources';
import { FieldInput, toWireValue } from './fields';
import { useCrudT, useLabel } from './i18n';
import { OperatorInput, RangeInput } from './search-inputs';
import { toFilters, type SearchValue } from './wire';

/** Search fields shown before 展开. */
const SHOWN = 3;

const hasValue = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A search form value → the field's wire search value (see `fieldFilters`). */
export function searchValue(field: FieldDef, v: unknown): SearchValue {
  if (!hasValue(v)) return undefined;
  if (field.search === 'range') {
    const [start, end] = (v ?? []) as [Dayjs | null | undefined, Dayjs | null | undefined];
    const day = field.kind === 'date';
    return [
      start?.format(day ? 'YYYY-MM-DD' : 'YYYY-MM-DD 00:00:00'),
      end?.format(day ? 'YYYY-MM-DD' : 'YYYY-MM-DD 23:59:59'),
    ];
  }
  if (Array.isArray(field.search)) {
    const chosen = v as { op?: SearchOp; value?: unknown };
    return hasValue(chosen.value) ? { op: chosen.op, value: toWireValue(field, chosen.value) } : undefined;
  }
  return toWireValue(field, v);
}

/** The input of one search field, as Form.Item drives it (value, onChange, id). */
function SearchInput({
  field,
  ...rest
}: {
  field: FieldDef;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  if (field.search === 'range') return <RangeInput {...(rest as Parameters<typeof RangeInput>[0])} />;
  if (Array.isArray(field.search))
    return (
      <OperatorInput
        field={{ ...field, search: field.search }}
        {...(rest as Omit<Parameters<typeof OperatorInput>[0], 'field'>)}
      />
    );
  return <FieldInput field={field} search {...rest} />;
}

/** The search form of a ResourcePage: the fields with `search`, the first three shown until 展开. */
export function SearchForm({
  def,
  fields,
  onSearch,
}: {
  def: ResourceDef;
  fields: FieldDef[];
  onSearch: (filters: Record<string, unknown>) => void;
}) {
  const t = useCrudT();
  const label = useLabel();
  const [form] = Form.useForm();
  const formId = `search${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [expanded, setExpanded] = useState(false);
  const visible = expanded ? fields : fields.slice(0, SHOWN);
  return (
    <Form
      name={formId}
      form={form}
      layout="inline"
      className="tx-search"
      onFinish={(values: Record<string, unknown>) => {
        const wire = Object.fromEntries(fields.map((f) => [f.name, searchValue(f, values[f.name])]));
        onSearch(toFilters({ ...def, fields }, wire));
      }}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={label(field.label)}
          hidden={!visible.includes(field)}
        >
          <SearchInput field={field} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
          <Button
            icon={<ClearOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('reset')}
          </Button>
          {fields.length > SHOWN && (
            <Button
              type="link"
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? t('collapse') : t('expand')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
