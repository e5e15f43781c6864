/**
 * 问卷调查 (/community/questionnaire). The list, form and question/option tabs are the questionnaire
 * definition's generic screen; the page only adds the 统计结果 drawer. Why a page: the results are an
 * aggregate (`getResults`: per question counts, percentages and text answers) drawn as charts, which no
 * definition vocabulary describes (a definition lists records, it does not chart aggregates).
 */
import { useMemo, useState } from 'react';
import { Card, Drawer, Empty, List, Spin, Statistic } from 'antd';
import { http, type R } from '@tongxin/api-client';
import { questionnaireResource as questionnaire } from '@tongxin/resources';
import { EChart, ResourcePage, useLabel } from '@tongxin/shared-ui';

const PATH = '/api/app-questionaire/questionaire';

interface OptionResult {
  optionId: string;
  optionLabel: string;
  content: string;
  count: number;
  percent: number;
}
interface QuestionResult {
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
interface Results {
  title: string;
  answerNum: number;
  questions: QuestionResult[];
}

const TEXT = {
  results: { zh: '统计结果', en: 'Results' },
  answers: { zh: '答卷数', en: 'Answers' },
  answered: { zh: '作答人数', en: 'Answered' },
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

function QuestionChart({ q }: { q: QuestionResult }) {
  const label = useLabel();
  const option = useMemo(
    () =>
      q.options
        ? barOption(
            q.options.map((o) => `${o.optionLabel}. ${o.content}`),
            q.options,
          )
        : q.distribution
          ? barOption(
              q.distribution.map((d) => `${d.score}分`),
              q.distribution,
            )
          : undefined,
    [q],
  );
  return (
    <Card
      size="small"
      title={`${q.sort}. ${q.title}`}
      extra={`${label(TEXT.answered)}: ${q.answerCount}`}
      style={{ marginBottom: 12 }}
    >
      {q.average !== undefined && <Statistic title={label(TEXT.average)} value={q.average} precision={2} />}
      {option && <EChart option={option} height={260} testId={`question-chart-${q.sort}`} />}
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

/** 问卷调查: the generic screen of the questionnaire (its questions and options in the drawer's tabs)
 * plus 统计结果, which draws getResults per question with ECharts — the one part no definition states. */
export function QuestionnairePage() {
  const label = useLabel();
  const [results, setResults] = useState<Results | 'loading'>();
  const open = async (id: unknown) => {
    setResults('loading');
    try {
      const res = await http.get<R<Results>>(`${PATH}/getResults`, { params: { id } });
      setResults(res.data.data);
    } catch {
      setResults(undefined);
    }
  };
  return (
    <>
      <ResourcePage def={questionnaire} actions={{ result: ({ rows }) => void open(rows[0]?.id) }} />
      <Drawer
        open={results !== undefined}
        width={860}
        title={
          results && results !== 'loading' ? `${label(TEXT.results)} · ${results.title}` : label(TEXT.results)
        }
        onClose={() => setResults(undefined)}
      >
        {results === 'loading' ? (
          <Spin />
        ) : results?.questions.length ? (
          <>
            <Statistic title={label(TEXT.answers)} value={results.answerNum} style={{ marginBottom: 12 }} />
            {results.questions.map((q) => (
              <QuestionChart key={q.questionId} q={q} />
            ))}
          </>
        ) : (
          <Empty />
        )}
      </Drawer>
    </>
  );
}
