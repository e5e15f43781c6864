import { useMemo, useState } from 'react';
import { App } from 'antd';
import type { R } from '@tongxin/api-client';
import { meets, type ResourceDef } from '@tongxin/resources';
import { useSessionStore } from '@tongxin/shared-ui/session';
import { FlowChartDialog, type FlowChartTarget } from '../flow/FlowChartDialog';
import { useCrudT } from '../resource/i18n';
import type { RowAction } from '../resource/row-actions';
import type { Row } from '../resource/wire';
import { processCalls } from './process-calls';

const statusOf = (row: Row) =>
  row.auditStatus === undefined || row.auditStatus === null || row.auditStatus === ''
    ? undefined
    : Number(row.auditStatus);

/**
 * The applicant's row actions on a list of a definition with a process: 提交审核 (never submitted or
 * withdrawn), 重新提交 (rejected), 撤回 (pending or rejected), each on the applicant's own rows and with
 * the screen's add or edit button; and 流程图展示 on every row that went through the process.
 */
export function useProcessActions(
  def: ResourceDef,
  args: { canApply: boolean; reload: () => Promise<void> },
) {
  const t = useCrudT();
  const { message, modal } = App.useApp();
  const userId = useSessionStore((s) => s.user?.user_id);
  const calls = useMemo(() => processCalls(def), [def]);
  const [chart, setChart] = useState<FlowChartTarget>();

  const run = (confirmText: string, call: () => Promise<R<unknown>>) =>
    modal.confirm({
      title: t('tip'),
      content: confirmText,
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: async () => {
        const res = await call();
        void message.success(res.msg || t('operateSuccess'));
        await args.reload();
      },
    });

  const rowActions = (row: Row): RowAction[] => {
    if (!def.process) return [];
    const status = statusOf(row);
    const id = String(row.id);
    const mine = Boolean(userId) && String(row.createUser ?? '') === String(userId);
    const actions: RowAction[] = [];
    if (mine && args.canApply) {
      // a record outside the process's `when` (a change applied without review) is never submitted
      if ((status === undefined || status === 3) && meets(row, def.process.when))
        actions.push({
          key: 'submitAudit',
          label: t('submitAudit'),
          onClick: () => run(t('confirmSubmitAudit'), () => calls.submit(id)),
        });
      if (status === 2)
        actions.push({
          key: 'resubmit',
          label: t('resubmit'),
          onClick: () => run(t('confirmResubmit'), () => calls.submit(id)),
        });
      if (status === 0 || status === 2)
        actions.push({
          key: 'withdraw',
          label: t('withdraw'),
          danger: true,
          onClick: () => run(t('confirmWithdraw'), () => calls.withdraw(id)),
        });
    }
    if (row.processInstanceId)
      actions.push({
        key: 'flowChart',
        label: t('flowChart'),
        onClick: () => setChart({ processInstanceId: String(row.processInstanceId) }),
      });
    return actions;
  };

  const dialog = def.process ? <FlowChartDialog target={chart} onClose={() => setChart(undefined)} /> : null;
  return { rowActions, dialog };
}
