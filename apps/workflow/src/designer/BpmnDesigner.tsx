import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Alert, Spin } from 'antd';
import type { DesignerElement, DesignerHandle } from './designer-types';
import { PropertiesPanel } from './PropertiesPanel';

/** The bpmn-js Modeler (lazy) with the properties panel beside it. `onReady` hands out the handle. */
export function BpmnDesigner({
  xml,
  onReady,
  height = 560,
}: {
  xml: string;
  onReady: (handle: DesignerHandle | undefined) => void;
  height?: number;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [handle, setHandle] = useState<DesignerHandle>();
  const [selected, setSelected] = useState<DesignerElement>();
  const [revision, setRevision] = useState(0);
  // a failure to draw this xml (another xml is drawn afresh)
  const [failure, setFailure] = useState<{ xml: string; message: string }>();
  const failed = failure?.xml === xml ? failure.message : undefined;
  const ready = useEffectEvent((h: DesignerHandle | undefined) => onReady(h));

  useEffect(() => {
    let alive = true;
    let created: DesignerHandle | undefined;
    import('./bpmn-modeler')
      .then(({ createModeler }) =>
        createModeler(
          container.current!,
          xml,
          (element) => alive && setSelected(element),
          () => alive && setRevision((r) => r + 1),
        ),
      )
      .then(
        (h) => {
          created = h;
          if (!alive) return h.destroy();
          setHandle(h);
          setSelected(h.root());
          ready(h);
        },
        (error: unknown) =>
          alive && setFailure({ xml, message: error instanceof Error ? error.message : String(error) }),
      );
    return () => {
      alive = false;
      ready(undefined);
      created?.destroy();
    };
  }, [xml]);

  return (
    <div style={{ display: 'flex', gap: 12 }}>
      <div style={{ flex: 1, minWidth: 0 }}>
        {failed && <Alert type="error" showIcon title={failed} style={{ marginBottom: 8 }} />}
        <Spin spinning={!handle && !failed}>
          <div
            ref={container}
            data-testid="bpmn-designer"
            style={{
              height,
              border: '1px solid var(--ant-color-border, #d9d9d9)',
              borderRadius: 8,
              background: '#fff',
            }}
          />
        </Spin>
      </div>
      <div style={{ width: 280, flex: 'none' }}>
        {handle && selected && (
          <PropertiesPanel key={`${selected.id}-${revision}`} element={selected} handle={handle} />
        )}
      </div>
    </div>
  );
}
