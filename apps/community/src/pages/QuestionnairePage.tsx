/**
 * 问卷调查 (/community/questionnaire). The list, form and question/option tabs are the questionnaire
 * definition's generic screen; the page only adds the 统计结果 drawer. Why a page: the results are an
 * aggregate (`getResults`: per question counts, percentages and text answers) drawn as charts, which no
 * definition vocabulary describes (a definition lists records, it does not chart aggregates).
 */
import { useState } from 'react';
import { Drawer, Empty, Spin, Statistic } from 'antd';
import { http, type R } from '@tongxin/api-client';
import { questionnaireResource as questionnaire } from '@tongxin/resources';
import { ResourcePage, useLabel } from '@tongxin/shared-ui';
import { QuestionChart, type Results } from './questionnaire-results';

const PATH = '/api/app-questionaire/questionaire';

const TEXT = {
  results: { zh: '统计结果', en: 'Results' },
  answers: { zh: '答卷数', en: 'Answers' },
};

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
