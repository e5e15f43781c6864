import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';

/** /test/index (the mock-menu page): shows the route it was opened with. */
export default function TestPage({ path, query }: { path: string; query: Record<string, string> }) {
  const { t } = useTranslation('shell');
  return (
    <Card title={t('test.title')} variant="borderless">
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('test.path')}>{path}</Descriptions.Item>
        <Descriptions.Item label={t('test.query')}>{JSON.stringify(query)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
