import { useTranslation } from 'react-i18next';
import { processPages } from '../process/process-pages';
import { LeaveSummary } from './LeaveSummary';

/** The leave BPMN's applicant step: its two ways out are 重新申请 and 关闭申请, not 同意 and 驳回. */
const MODIFY_TASK = 'modifyApply';

function useLeaveLabels() {
  const { t } = useTranslation('workflow');
  return (key: string) =>
    key === MODIFY_TASK ? { pass: t('leave.resubmit'), reject: t('leave.close') } : {};
}

/** /work/process/leave/handle/{taskId}/{processInstanceId}/{businessId} and
 * /work/process/leave/detail/{processInstanceId}/{businessId}. */
export const { HandlePage: LeaveHandlePage, DetailPage: LeaveDetailPage } = processPages(
  LeaveSummary,
  useLeaveLabels,
);
