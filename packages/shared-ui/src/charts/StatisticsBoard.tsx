import { useEffect, useMemo, useState } from 'react';
import { Alert, Card, Col, DatePicker, Row, Spin, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import type { Label } from '@tongxin/resources';
import { barOption, lineOption, pieOption, stackOption } from './chart-options';
import { EChart } from './EChart';
import { useStatsT } from './i18n';
import { useLabel } from '../resource/i18n';
import { type DataCount, type Range, statsApi, type UserData } from './stats-api';

interface Data {
  counts: DataCount;
  users: UserData;
  browse: { date: string; count: number }[];
  publish: { dates: string[]; series: { key: string; name: string; data: number[] }[] };
  browseRank: { title: string; browseNum: number }[];
  scoreRank: { name: string; score: number }[];
}

const FORMAT = 'YYYY-MM-DD';
async function load(range: Range): Promise<Data> {
  const [counts, users, browse, publish, browseRank, scoreRank] = await Promise.all([
    statsApi.counts(range),
    statsApi.users(range),
    statsApi.browse(range),
    statsApi.publish(range),
    statsApi.browseRank(range),
    statsApi.scoreRank(range),
  ]);
  return { counts, users, browse, publish, browseRank, scoreRank };
}

/** The statistics board of the tenant: headline figures, what waits, browse and publication trends,
 * the most read titles, the points ranking and alarms by level (ECharts), for a date range. */
export function StatisticsBoard(props: { days?: number }) {
  const t = useStatsT();
  const label = useLabel();
  const [range, setRange] = useState<[Dayjs, Dayjs]>(() => [
    dayjs().subtract((props.days ?? 30) - 1, 'day'),
    dayjs(),
  ]);
  const [data, setData] = useState<Data>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    let live = true;
    load({ startTime: range[0].format(FORMAT), endTime: range[1].format(FORMAT) })
      .then((d) => {
        if (!live) return;
        setError(undefined);
        setData(d);
      })
      .catch((e: unknown) => live && setError(e instanceof Error ? e.message : t('noAccess')));
    return () => {
      live = false;
    };
  }, [range, t]);
  const charts = useMemo(() => (data ? options(data, t, label) : undefined), [data, t, label]);

  const picker = (
    <DatePicker.RangePicker
      value={range}
      allowClear={false}
      onChange={(v) => v?.[0] && v[1] && setRange([v[0], v[1]])}
    />
  );
  if (error) return <Alert type="warning" showIcon message={error} action={picker} />;
  if (!data || !charts) return <Spin />;
  const c = data.counts;
  const figures: [string, number][] = [
    [t('appUsers'), data.users.totalUsers],
    [t('residents'), c.residents],
    [t('partyMembers'), c.partyMembers],
    [t('volunteers'), data.users.volunteers],
    [t('activities'), c.volunteerActivities],
    [t('temples'), c.temples],
    [t('devices'), c.devices],
    [t('unhandledAlarms'), c.alarm.unhandled],
  ];
  const card = (title: string, option: EChartsCoreOption, testId: string) => (
    <Col xs={24} lg={12}>
      <Card title={title} size="small" variant="borderless">
        <EChart option={option} testId={testId} />
      </Card>
    </Col>
  );
  return (
    <div data-testid="statistics-board">
      <Row justify="end" style={{ marginBottom: 12 }}>
        {picker}
      </Row>
      <Row gutter={[12, 12]}>
        {figures.map(([title, value]) => (
          <Col key={title} xs={12} md={6} xl={3}>
            <Card size="small" variant="borderless">
              <Statistic title={title} value={value} />
            </Card>
          </Col>
        ))}
        {card(t('browseTrend'), charts.browse, 'chart-browse')}
        {card(t('publishTrend'), charts.publish, 'chart-publish')}
        {card(t('feedbackState'), charts.requests, 'chart-requests')}
        {card(t('scoreRank'), charts.score, 'chart-score')}
        {card(t('browseRank'), charts.rank, 'chart-rank')}
        {card(t('alarmLevels'), charts.alarms, 'chart-alarms')}
      </Row>
    </div>
  );
}

/** The charts' options; the requests chart shows every counted resource the server answers, in its order
 * and with its definition's wording. */
function options(d: Data, t: (k: string) => string, label: (l: Label) => string) {
  const pairs = d.counts.requests;
  return {
    browse: lineOption(
      d.browse.map((b) => b.date),
      [{ name: t('browses'), data: d.browse.map((b) => b.count) }],
    ),
    publish: lineOption(d.publish.dates, d.publish.series),
    requests: stackOption(
      pairs.map((p) => label(p.label)),
      pairs.map((p) => p.pending),
      pairs.map((p) => p.total - p.pending),
      [t('pending'), t('total')],
    ),
    score: barOption(
      d.scoreRank.map((r) => r.name || '-'),
      d.scoreRank.map((r) => r.score),
      t('score'),
      true,
    ),
    rank: barOption(
      d.browseRank.map((r) => r.title || '-'),
      d.browseRank.map((r) => r.browseNum),
      t('browses'),
      true,
    ),
    alarms: pieOption(d.counts.alarm.byLevel.map((l) => ({ name: t(`level${l.level}`), value: l.count }))),
  };
}
