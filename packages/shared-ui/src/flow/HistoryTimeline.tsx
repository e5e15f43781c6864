import { Empty, Tag, Timeline, Typography } from 'antd';
import type { FlowHistoryItem } from '@tongxin/api-client';
import { timelineSteps } from './flow-markers';
import { useFlowT } from './i18n';

/** Who did what, with which comment, when and for how long (history-flow-list). */
export function HistoryTimeline({ flow }: { flow?: readonly FlowHistoryItem[] }) {
  const t = useFlowT();
  const steps = timelineSteps(flow);
  if (steps.length === 0) return <Empty description={t('noHistory')} />;
  return (
    <Timeline
      data-testid="flow-history"
      items={steps.map((step, i) => ({
        key: `${step.historyActivityId}-${i}`,
        color: !step.endTime ? '#1677ff' : step.isPass === false ? '#ff4d4f' : '#52c41a',
        content: (
          <div>
            <Typography.Text strong>{step.historyActivityName}</Typography.Text>
            {step.assigneeName && (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {t('assignee')}: {step.assigneeName}
              </Typography.Text>
            )}
            {step.historyActivityType === 'userTask' && step.endTime && step.isPass !== null && (
              <Tag color={step.isPass ? 'success' : 'error'} style={{ marginLeft: 8 }}>
                {step.isPass ? t('pass') : t('reject')}
              </Tag>
            )}
            {!step.endTime && (
              <Tag color="processing" style={{ marginLeft: 8 }}>
                {t('pending')}
              </Tag>
            )}
            {step.comment && (
              <div>
                {t('comment')}: {step.comment}
              </div>
            )}
            <div style={{ color: 'var(--ant-color-text-tertiary, #999)', fontSize: 12 }}>
              {step.createTime}
              {step.endTime && ` → ${step.endTime}`}
              {step.historyActivityDurationTime && ` · ${t('duration')} ${step.historyActivityDurationTime}`}
            </div>
          </div>
        ),
      }))}
    />
  );
}
