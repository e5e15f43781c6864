import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormName } from './use-form-name';

/** A list screen's inline filter form with 搜索 and 清空; `toQuery` turns the form's values into the
 * list's query (identity by default). */
export function SearchBar<V extends object, Q extends object = V>({
  prefix,
  onSearch,
  toQuery = (v) => v as unknown as Q,
  children,
}: {
  prefix: string;
  onSearch: (query: Q) => void;
  toQuery?: (values: V) => Q;
  children: ReactNode;
}) {
  const { t } = useTranslation('workflow');
  const [form] = Form.useForm<V>();
  const name = useFormName(prefix);
  return (
    <Form<V>
      name={name}
      form={form}
      layout="inline"
      className="tx-search"
      style={{ marginBottom: 16, rowGap: 8 }}
      onFinish={(v) => onSearch(toQuery(v))}
    >
      {children}
      <Space>
        <Button type="primary" htmlType="submit">
          {t('action.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(toQuery(form.getFieldsValue()));
          }}
        >
          {t('action.reset')}
        </Button>
      </Space>
    </Form>
  );
}
