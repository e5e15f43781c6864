import { DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { WorkQuery } from '@tongxin/api-client';
import { CategorySelect } from './CategorySelect';
import { SearchBar } from './SearchBar';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  processDefinitionName?: string;
  category?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const toQuery = (v: Values): WorkQuery => ({
  processDefinitionName: v.processDefinitionName?.trim() || undefined,
  category: v.category,
  beginDate: v.range?.[0]?.startOf('day').format(FORMAT),
  endDate: v.range?.[1]?.endOf('day').format(FORMAT),
});

/** The work lists' filters (BladeFlow as query): process name, category and a period. */
export function WorkSearch({ onSearch }: { onSearch: (query: WorkQuery) => void }) {
  const { t } = useTranslation('workflow');
  return (
    <SearchBar<Values, WorkQuery> prefix="work" onSearch={onSearch} toQuery={toQuery}>
      <Form.Item name="processDefinitionName" label={t('col.processDefinitionName')}>
        <Input allowClear />
      </Form.Item>
      <Form.Item name="category" label={t('filter.category')}>
        <CategorySelect />
      </Form.Item>
      <Form.Item name="range" label={t('filter.dateRange')}>
        <DatePicker.RangePicker />
      </Form.Item>
    </SearchBar>
  );
}
