import type { ReactNode } from 'react';
import { Alert, Card, Col, Descriptions, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowHistoryItem } from '@tongxin/api-client';
import { FlowDiagram, HistoryTimeline, useShellBridge, useFlowT } from '@tongxin/shared-ui';
import { ApprovalPanel } from './ApprovalPanel';
import { useModelView } from './use-model-view';

export interface ProcessPageProps {
  /** The tab's own path, closed once the task is handled. */
  path: string;
  processInstanceId: string;
  /** Set on the handle page: the task to decide. */
  taskId?: string;
  /** The business record, shown above the decision. */
  business?: ReactNode;
  /** Button labels by task definition key (e.g. leave's 调整申请: 重新申请 / 关闭申请). */
  labels?: (taskKey: string) => { pass?: string; reject?: string };
}

/** A process instance seen from one task (handle) or as a whole (detail): the business record, the
 * decision, the coloured diagram and the history timeline. */
export function ProcessPage({ path, processInstanceId, taskId, business, labels }: ProcessPageProps) {
  const { t } = useTranslation('workflow');
  const ft = useFlowT();
  const { openTab, closeTab } = useShellBridge();
  const { view } = useModelView(processInstanceId);
  const task: FlowHistoryItem | undefined = taskId
    ? view?.flow?.find((item) => item.taskId === taskId && item.historyActivityType === 'userTask')
    : undefined;
  const open = !!task && !task.endTime;
  const done = () => {
    closeTab(path);
    openTab('/work/todo');
  };
  const label = task ? labels?.(task.historyActivityId) : undefined;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={taskId ? 12 : 24}>
        {business}
      </Col>
      {taskId && (
        <Col xs={24} xl={12}>
          <Card size="small" title={t('approve.title')}>
            {!view && <Spin />}
            {view && task && (
              <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
                <Descriptions.Item label={t('approve.task')}>{task.historyActivityName}</Descriptions.Item>
              </Descriptions>
            )}
            {view && open && (
              <ApprovalPanel
                taskId={taskId}
                processInstanceId={processInstanceId}
                passLabel={label?.pass}
                rejectLabel={label?.reject}
                onDone={done}
              />
            )}
            {view && !open && <Alert type="info" showIcon title={t('approve.done')} />}
          </Card>
        </Col>
      )}
      <Col span={24}>
        <Card size="small" title={ft('chartTitle')}>
          {view ? <FlowDiagram xml={view.xml} flow={view.flow} height={360} /> : <Spin />}
        </Card>
      </Col>
      <Col span={24}>
        <Card size="small" title={ft('history')}>
          <HistoryTimeline flow={view?.flow} />
        </Card>
      </Col>
    </Row>
  );
}
