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
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let dispose: (() => void) | undefined;
    let alive = true;
    setState('loading');
    import('./bpmn-viewer')
      .then(({ renderDiagram }) => renderDiagram(container.current!, xml, flowMarkers(flow)))
      .then(
        (destroy) => {
          if (alive) {
            dispose = destroy;
            setState('ready');
          } else destroy();
        },
        () => alive && setState('failed'),
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
