/**
 * 党建概览 (/party/overview). Why a page: a dashboard of totals computed by `/api/app-party-stats/overview`
 * (members by branch and type, activities this month, pending audits, appraisal results) drawn with
 * ECharts; there are no records of a resource to list or edit, so there is nothing for a definition to say.
 */
import { useEffect, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { useTranslation } from 'react-i18next';
import { http, type R } from '@tongxin/api-client';
import { EChart } from '@tongxin/shared-ui';

interface Pair {
  name: string;
  value: number;
}
interface Overview {
  membersByBranch: Pair[];
  membersByType: Pair[];
  appraisalResults: Pair[];
  activitiesThisMonth: number;
  pendingAudits: { archive: number; doubleReport: number; appraise: number };
}

const pie = (items: Pair[]) => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['40%', '68%'], data: items, label: { formatter: '{b}: {c}' } }],
});
const bar = (items: Pair[], name: string) => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 140, right: 24, top: 16, bottom: 28 },
  xAxis: { type: 'value', minInterval: 1 },
  yAxis: { type: 'category', data: items.map((i) => i.name), inverse: true },
  series: [
    { type: 'bar', name, data: items.map((i) => i.value), barMaxWidth: 24, itemStyle: { color: '#b43c3c' } },
  ],
});

/** /party/overview (党建概览): the party remote's home; hand-written because it is charts over
 * aggregates (app-party-stats/overview), not a resource's rows. */
export default function OverviewPage() {
  const { t } = useTranslation('party');
  const [data, setData] = useState<Overview>();
  useEffect(() => {
    let alive = true;
    http
      .get<R<Overview>>('/api/app-party-stats/overview')
      .then((r) => alive && setData(r.data.data ?? undefined))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  if (!data) return <Card variant="borderless" loading />;
  const members = data.membersByType.reduce((n, p) => n + p.value, 0);
  const pending = data.pendingAudits;
  return (
    <Card variant="borderless" data-testid="party-overview">
      <Row gutter={16}>
        <Col span={6}>
          <Statistic title={t('overview.members')} value={members} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.activitiesThisMonth')} value={data.activitiesThisMonth} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.pendingArchive')} value={pending.archive} />
        </Col>
        <Col span={6}>
          <Statistic title={t('overview.pendingOther')} value={pending.doubleReport + pending.appraise} />
        </Col>
      </Row>
      <Row gutter={16} style={{ marginTop: 24 }}>
        <Col span={12}>
          <Card size="small" title={t('overview.byBranch')}>
            <EChart option={bar(data.membersByBranch, t('overview.members'))} height={320} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" title={t('overview.byType')}>
            <EChart option={pie(data.membersByType)} height={320} />
          </Card>
        </Col>
        <Col span={6}>
          <Card size="small" title={t('overview.appraisal')}>
            <EChart option={pie(data.appraisalResults)} height={320} />
          </Card>
        </Col>
      </Row>
    </Card>
  );
}
