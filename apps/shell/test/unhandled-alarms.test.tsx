// The bell's unhandled alarms (useUnhandledAlarms): it lists and counts the alarms the one rule of
// "unhandled" names (ALARM_UNHANDLED, docs/domain-model.md#设备告警-ocalarm: 未处理, the state 数据统计 counts as
// `alarm.unhandled` too, test/community-statistics.test.ts on the server), and asks nothing of users
// without 设备告警.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http } from '@tongxin/api-client';
import { ALARM_UNHANDLED } from '@tongxin/resources';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { useUnhandledAlarms } from '../src/layout/top/useUnhandledAlarms';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useSessionStore.setState({ permissions: {} });
});

const alarm = {
  id: '1',
  deviceName: '烟感',
  alarmContent: '烟雾报警',
  alarmLevel: 3,
  alarmTime: '2026-03-02 08:00:00',
};

describe('the bell (useUnhandledAlarms)', () => {
  it('counts and lists the alarms in the unhandled state of the shared rule', async () => {
    expect(ALARM_UNHANDLED).toMatchObject({ field: 'handleStatus', value: 0 }); // 未处理
    const get = vi
      .spyOn(http, 'get')
      .mockResolvedValue({ data: { success: true, data: { total: 3, records: [alarm] } } });
    useSessionStore.setState({ permissions: { oc_alarm_view: true } });
    const { result } = renderHook(() => useUnhandledAlarms());
    await waitFor(() => expect(result.current.total).toBe(3));
    expect(result.current.items).toEqual([alarm]);
    expect(get).toHaveBeenCalledWith('/api/app_oc_alarm/ocAlarm/page', {
      params: { handleStatus: 0, size: 5, descs: 'alarmTime' },
    });
  });

  it('asks nothing without 设备告警', async () => {
    const get = vi.spyOn(http, 'get');
    const { result } = renderHook(() => useUnhandledAlarms());
    await new Promise((r) => setTimeout(r, 20));
    expect(result.current).toMatchObject({ allowed: false, total: 0 });
    expect(get).not.toHaveBeenCalled();
  });
});
