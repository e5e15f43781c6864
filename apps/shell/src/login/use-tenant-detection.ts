import { useEffect, useState } from 'react';
import { getTenantInfo, website } from '@tongxin/api-client';

/** Tenant mode (docs/front-end.md#session-and-lock): the tenant field is hidden when tenant/info recognises
 * this domain. */
export function useTenantDetection() {
  const [detected, setDetected] = useState<string | undefined>();
  useEffect(() => {
    if (!website.tenantMode) return;
    let alive = true;
    getTenantInfo(window.location.hostname)
      .then((info) => alive && info?.tenantId && setDetected(info.tenantId))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  return { detectedTenantId: detected, showTenantField: website.tenantMode && !detected };
}
