import { Card } from 'antd';
import { StatisticsBoard } from '@tongxin/shared-ui';

/** /statistics/comprehensive (综合统计): the tenant's statistics board over a date range (ECharts). */
export default function ComprehensivePage() {
  return (
    <Card variant="borderless">
      <StatisticsBoard days={30} />
    </Card>
  );
}
