import { Button, Form, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useCrudT } from '../resource/i18n';
import type { Row } from '../resource/wire';

/** A column of a picker's table (pickers.tsx); searchable ones get a box here. */
export interface PickerColumn {
  name: string;
  title: string;
  /** Searchable with this query key (e.g. `realName_like`). */
  searchKey?: string;
  /** The cell's value when it is not simply `row[name]`. */
  read?: (row: Row) => unknown;
}

/** The search form of a picker dialog: one input per searchable column, sent under its `searchKey`. */
export function PickerSearch({
  columns,
  onSearch,
}: {
  columns: PickerColumn[];
  onSearch: (filters: Record<string, unknown>) => void;
}) {
  const t = useCrudT();
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 12, rowGap: 8 }}
      onFinish={(values: Record<string, unknown>) =>
        onSearch(Object.fromEntries(columns.map((c) => [c.searchKey!, values[c.name]])))
      }
    >
      {columns.map((c) => (
        <Form.Item key={c.name} name={c.name} label={c.title}>
          <Input allowClear placeholder={t('inputPlaceholder', { label: c.title })} />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
