import { useEffect, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { FlowHistoryItem } from '@tongxin/api-client';
import { flowMarkers } from './flow-markers';
import { useFlowT } from './i18n';

/** A read-only BPMN diagram (bpmn-js NavigatedViewer, loaded on first use) with the history's markers. */
export function FlowDiagram({
  xml,
  flow,
  height = 420,
}: {
  xml: string;
  flow?: readonly FlowHistoryItem[];
  height?: number;
}) {
  const t = useFlowT();
  const container = useRef<HTMLDivElement>(null);
  // the outcome of drawing this xml and flow; another diagram is loading until its own outcome
  const [drawn, setDrawn] = useState<{ xml: string; flow?: unknown; state: 'ready' | 'failed' }>();
  const state = drawn && drawn.xml === xml && drawn.flow === flow ? drawn.state : 'loading';

  useEffect(() => {
    let dispose: (() => void) | undefined;
    let alive = true;
    import('./bpmn-viewer')
      .then(({ renderDiagram }) => renderDiagram(container.current!, xml, flowMarkers(flow)))
      .then(
        (destroy) => {
          if (alive) {
            dispose = destroy;
            setDrawn({ xml, flow, state: 'ready' });
          } else destroy();
        },
        () => alive && setDrawn({ xml, flow, state: 'failed' }),
      );
    return () => {
      alive = false;
      dispose?.();
    };
  }, [xml, flow]);

  return (
    <Spin spinning={state === 'loading'}>
      {state === 'failed' && <Alert type="error" showIcon title={t('loadFailed')} />}
      <div className="tx-flow-chart" data-testid="flow-chart" ref={container} style={{ height }} />
    </Spin>
  );
}
