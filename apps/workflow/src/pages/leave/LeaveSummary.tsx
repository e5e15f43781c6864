import { useEffect, useState } from 'react';
import { Card, Descriptions, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { leaveApi, type Leave } from '@tongxin/api-client';
import { leaveDays } from './leave-days';

/** The leave request of a process (blade-desk/process/leave/detail). */
export function LeaveSummary({ businessId }: { businessId?: string }) {
  const { t } = useTranslation('workflow');
  const [leave, setLeave] = useState<Leave>();
  useEffect(() => {
    if (!businessId) return;
    let alive = true;
    leaveApi
      .detail(businessId)
      .then((l) => alive && setLeave(l))
      .catch(() => undefined); // shown by the http client
    return () => {
      alive = false;
    };
  }, [businessId]);
  return (
    <Card size="small" title={t('leave.formTitle')} data-testid="leave-summary">
      {!leave ? (
        <Spin />
      ) : (
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label={t('leave.applicant')}>{leave.flow?.assigneeName}</Descriptions.Item>
          <Descriptions.Item label={t('leave.taskUser')}>{leave.taskUserName}</Descriptions.Item>
          <Descriptions.Item label={t('leave.startTime')}>{leave.startTime}</Descriptions.Item>
          <Descriptions.Item label={t('leave.endTime')}>{leave.endTime}</Descriptions.Item>
          <Descriptions.Item label={t('leave.days')}>
            {leaveDays(leave.startTime, leave.endTime)}
          </Descriptions.Item>
          <Descriptions.Item label={t('leave.reason')}>{leave.reason}</Descriptions.Item>
          <Descriptions.Item label={t('leave.applyTime')}>{leave.applyTime}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
