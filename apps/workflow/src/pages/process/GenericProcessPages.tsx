import { Card, Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { processPages } from './process-pages';

function BusinessRef({ businessId }: { businessId?: string }) {
  const { t } = useTranslation('workflow');
  if (!businessId) return null;
  return (
    <Card size="small">
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('approve.business')}>{businessId}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}

/** /work/process/flow/handle|detail/…: any process without pages of its own. */
export const { HandlePage: GenericHandlePage, DetailPage: GenericDetailPage } = processPages(BusinessRef);
