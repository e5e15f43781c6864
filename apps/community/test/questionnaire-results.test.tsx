import i18next from 'i18next';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuestionChart, type QuestionResult } from '../src/pages/questionnaire-results';

// 统计结果: each choice or rating question's counts are drawn as a bar chart and listed beside it as a
// table (the numbers readable without the canvas).
vi.mock('@tongxin/shared-ui', async (original) => ({
  ...(await original<typeof import('@tongxin/shared-ui')>()),
  // the chart draws on a canvas, which happy-dom has not: a placeholder holding its test id
  EChart: ({ testId }: { testId?: string }) => <div data-testid={testId} />,
}));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const host = document.createElement('div');
document.body.appendChild(host);
let root: ReturnType<typeof createRoot> | undefined;
beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'zh-CN', fallbackLng: 'zh-CN', resources: {} });
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

async function show(q: QuestionResult) {
  root = createRoot(host);
  await act(async () => root!.render(<QuestionChart q={q} />));
  const table = host.querySelector(`[data-testid="question-counts-${q.sort}"]`);
  expect(host.querySelector(`[data-testid="question-chart-${q.sort}"]`)).toBeTruthy();
  return [...(table?.querySelectorAll('tbody tr') ?? [])].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent),
  );
}

describe('a question of the results', () => {
  it('lists the option counts and percentages beside the chart', async () => {
    const rows = await show({
      questionId: 'q1',
      sort: 1,
      title: '您家是否做垃圾分类?',
      questionType: 1,
      answerCount: 3,
      options: [
        { optionId: 'o1', optionLabel: 'A', content: '每天都做', count: 2, percent: 66.67 },
        { optionId: 'o2', optionLabel: 'B', content: '偶尔', count: 1, percent: 33.33 },
        { optionId: 'o3', optionLabel: 'C', content: '没有', count: 0, percent: 0 },
      ],
    });
    expect(rows).toEqual([
      ['A. 每天都做', '2', '66.67%'],
      ['B. 偶尔', '1', '33.33%'],
      ['C. 没有', '0', '0%'],
    ]);
    expect(host.textContent).toContain('作答人数: 3');
  });

  it('lists a rating by score, and a text question only as its answers', async () => {
    const rating = await show({
      questionId: 'q2',
      sort: 2,
      title: '满意度',
      questionType: 4,
      answerCount: 2,
      average: 4.5,
      distribution: [
        { score: 4, count: 1, percent: 50 },
        { score: 5, count: 1, percent: 50 },
      ],
    });
    expect(rating).toEqual([
      ['4分', '1', '50%'],
      ['5分', '1', '50%'],
    ]);
    act(() => root!.unmount());
    root = createRoot(host);
    await act(async () =>
      root!.render(
        <QuestionChart
          q={{
            questionId: 'q3',
            sort: 3,
            title: '建议',
            questionType: 3,
            answerCount: 1,
            texts: [{ answerText: '多种树', name: '卓玛', createTime: '2026-01-01 00:00:00' }],
          }}
        />,
      ),
    );
    expect(host.querySelector('[data-testid="question-counts-3"]')).toBeNull();
    expect(host.textContent).toContain('多种树 —— 卓玛');
  });
});
