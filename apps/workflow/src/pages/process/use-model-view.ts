import { useEffect, useState } from 'react';
import { flowApi, type ModelView } from '@tongxin/api-client';

/** The instance's diagram and history (process/model-view); `reload` after a step was taken. */
export function useModelView(processInstanceId: string | undefined) {
  const [view, setView] = useState<ModelView>();
  const [version, setVersion] = useState(0);
  useEffect(() => {
    if (!processInstanceId) return;
    let alive = true;
    flowApi
      .modelView({ processInstanceId })
      .then((v) => alive && setView(v))
      .catch(() => undefined); // shown by the http client
    return () => {
      alive = false;
    };
  }, [processInstanceId, version]);
  return { view, reload: () => setVersion((v) => v + 1) };
}
