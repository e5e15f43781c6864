/**
 * The results of a questionnaire (`getResults`), one card per question: a choice or rating question's
 * counts as a bar chart (ECharts, each bar labelled with its count and percentage) beside the same
 * counts as a table (readable without the canvas: screen readers, tests), a rating's average, a text
 * question's answers listed.
 */
import { useMemo } from 'react';
import { Card, Col, List, Row, Statistic, Table } from 'antd';
import { EChart, useLabel } from '@tongxin/shared-ui';

export interface OptionResult {
  optionId: string;
  optionLabel: string;
  content: string;
  count: number;
  percent: number;
}
export interface QuestionResult {
  questionId: string;
  sort: number;
  title: string;
  questionType: number;
  answerCount: number;
  options?: OptionResult[];
  average?: number;
  distribution?: { score: number; count: number; percent: number }[];
  texts?: { answerText: string; name: string | null; createTime: string }[];
}
export interface Results {
  title: string;
  answerNum: number;
  questions: QuestionResult[];
}

const TEXT = {
  answered: { zh: '作答人数', en: 'Answered' },
  choice: { zh: '选项', en: 'Option' },
  count: { zh: '人数', en: 'Count' },
  percent: { zh: '占比', en: 'Share' },
  average: { zh: '平均分', en: 'Average' },
  noText: { zh: '暂无填写内容', en: 'No text answers' },
};

/** A bar chart of counts, each bar labelled with its count and percentage. */
const barOption = (names: string[], rows: { count: number; percent: number }[]) => ({
  grid: { left: 40, right: 20, top: 30, bottom: 40, containLabel: true },
  tooltip: { trigger: 'axis' },
  xAxis: { type: 'category', data: names, axisLabel: { interval: 0 } },
  yAxis: { type: 'value', minInterval: 1 },
  series: [
    {
      type: 'bar',
      barMaxWidth: 48,
      data: rows.map((r) => r.count),
      label: {
        show: true,
        position: 'top',
        formatter: (p: { dataIndex: number }) =>
          `${rows[p.dataIndex]!.count} (${rows[p.dataIndex]!.percent}%)`,
      },
    },
  ],
});

/** A question's counts as rows of the table beside its chart. */
const countRows = (q: QuestionResult) =>
  q.options
    ? q.options.map((o) => ({ key: o.optionId, name: `${o.optionLabel}. ${o.content}`, ...o }))
    : (q.distribution ?? []).map((d) => ({ key: String(d.score), name: `${d.score}分`, ...d }));

export function QuestionChart({ q }: { q: QuestionResult }) {
  const label = useLabel();
  const rows = useMemo(() => countRows(q), [q]);
  const option = useMemo(
    () =>
      rows.length
        ? barOption(
            rows.map((r) => r.name),
            rows,
          )
        : undefined,
    [rows],
  );
  return (
    <Card
      size="small"
      title={`${q.sort}. ${q.title}`}
      extra={`${label(TEXT.answered)}: ${q.answerCount}`}
      style={{ marginBottom: 12 }}
    >
      {q.average !== undefined && <Statistic title={label(TEXT.average)} value={q.average} precision={2} />}
      {option && (
        <Row gutter={16} align="middle">
          <Col span={15}>
            <EChart option={option} height={260} testId={`question-chart-${q.sort}`} />
          </Col>
          <Col span={9}>
            <Table
              data-testid={`question-counts-${q.sort}`}
              size="small"
              pagination={false}
              dataSource={rows}
              columns={[
                { key: 'name', dataIndex: 'name', title: label(TEXT.choice) },
                { key: 'count', dataIndex: 'count', title: label(TEXT.count), width: 64 },
                {
                  key: 'percent',
                  title: label(TEXT.percent),
                  width: 72,
                  render: (_: unknown, r: { percent: number }) => `${r.percent}%`,
                },
              ]}
            />
          </Col>
        </Row>
      )}
      {q.texts && (
        <List
          size="small"
          dataSource={q.texts}
          locale={{ emptyText: label(TEXT.noText) }}
          renderItem={(t) => <List.Item>{`${t.answerText}${t.name ? ` —— ${t.name}` : ''}`}</List.Item>}
        />
      )}
    </Card>
  );
}
