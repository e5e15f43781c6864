/**
 * 综合统计 (/statistics/comprehensive). Why a page: a statistics board over `statistics-data` aggregates
 * drawn with ECharts (the same board as /wel/dashboard, shared-ui's StatisticsBoard); there are no records
 * of a resource behind it, so there is nothing for a definition to say.
 */
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
