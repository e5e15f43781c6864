import { useCallback, useEffect, useState } from 'react';
import { http, type Page, type R } from '@tongxin/api-client';
import { ALARM_UNHANDLED } from '@tongxin/resources';
import { useSessionStore } from '@tongxin/shared-ui/session';

export interface AlarmItem {
  id: string;
  deviceName: string;
  alarmContent: string;
  alarmLevel: number;
  alarmTime: string;
}

const PAGE = '/api/app_oc_alarm/ocAlarm/page';
const EVERY_MS = 60_000;

/** The unhandled device alarms (设备告警 未处理, by ALARM_UNHANDLED: the rule 数据统计 counts by too) the
 * user may see: their count and the latest five, read when the bell mounts, every minute and on
 * `refresh`; nothing for users without 设备告警. */
export function useUnhandledAlarms() {
  const allowed = useSessionStore((s) => Boolean(s.permissions.oc_alarm_view));
  const [state, setState] = useState<{ total: number; items: AlarmItem[] }>({ total: 0, items: [] });
  const refresh = useCallback(async () => {
    if (!allowed) return;
    try {
      const res = await http.get<R<Page<AlarmItem>>>(PAGE, {
        params: { [ALARM_UNHANDLED.field]: ALARM_UNHANDLED.value, size: 5, descs: 'alarmTime' },
      });
      if (res.data.success && res.data.data)
        setState({ total: Number(res.data.data.total), items: res.data.data.records });
    } catch {
      // the bell stays quiet when the call fails
    }
  }, [allowed]);
  useEffect(() => {
    if (!allowed) return undefined;
    const first = setTimeout(() => void refresh(), 0);
    const timer = setInterval(() => void refresh(), EVERY_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [allowed, refresh]);
  return { allowed, ...state, refresh };
}
