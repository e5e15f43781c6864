import { useEffect, useState } from 'react';
import { Modal, Space, Tag } from 'antd';
import { flowApi, type ModelView } from '@tongxin/api-client';
import { FlowDiagram } from './FlowDiagram';
import { HistoryTimeline } from './HistoryTimeline';
import { useFlowT } from './i18n';

export interface FlowChartTarget {
  processInstanceId?: string;
  processDefinitionId?: string;
}

/** 流程图展示 (docs/front-end.md#pickers-and-widgets): the process diagram, coloured by the instance's history,
 * and its timeline. With only a definition id it shows the bare diagram. */
export function FlowChartDialog({ target, onClose }: { target?: FlowChartTarget; onClose: () => void }) {
  const t = useFlowT();
  const instanceId = target?.processInstanceId;
  const definitionId = target?.processDefinitionId;
  // the view read for one target: another target shows nothing until its own arrives
  const key = `${instanceId ?? ''}|${definitionId ?? ''}`;
  const [loaded, setLoaded] = useState<{ key: string; view: ModelView }>();
  const view = loaded?.key === key ? loaded.view : undefined;

  useEffect(() => {
    if (!instanceId && !definitionId) return;
    let alive = true;
    flowApi
      .modelView(instanceId ? { processInstanceId: instanceId } : { processDefinitionId: definitionId })
      .then((v) => alive && setLoaded({ key: `${instanceId ?? ''}|${definitionId ?? ''}`, view: v }))
      .catch(() => undefined); // the http client showed the server's message
    return () => {
      alive = false;
    };
  }, [instanceId, definitionId]);

  return (
    <Modal
      open={!!target}
      title={t('chartTitle')}
      width={1000}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {view && <FlowDiagram xml={view.xml} flow={view.flow} />}
      {view?.flow && (
        <>
          <Space style={{ margin: '12px 0' }}>
            <Tag color="success">{t('legendDone')}</Tag>
            <Tag color="processing">{t('legendActive')}</Tag>
            <Tag color="warning">{t('legendFlow')}</Tag>
          </Space>
          <h4>{t('history')}</h4>
          <HistoryTimeline flow={view.flow} />
        </>
      )}
    </Modal>
  );
}
