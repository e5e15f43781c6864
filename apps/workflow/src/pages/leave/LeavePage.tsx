import { useState } from 'react';
import { App, Button, Tag, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { flowApi, type BladeFlow, type WorkQuery } from '@tongxin/api-client';
import { CardContainer, FlowChartDialog, useShellBridge, type FlowChartTarget } from '@tongxin/shared-ui';
import { ActionLinks, useCan } from '../../common/ActionLinks';
import { detailPath, formPath } from '../../common/flow-routes';
import { useFlowDict } from '../../common/use-flow-dict';
import { PagedTable } from '../../common/PagedTable';
import { usePagedList } from '../../common/use-paged-list';

const LEAVE_CATEGORY = 'flow_1';
/** The process key the leave table is bound to (blade-desk refuses any other). */
const LEAVE_KEY = 'Leave';

/** 请假申请 (/work/process/leave): my leave requests, and 新增 to start one in the newest leave process. */
export function LeavePage() {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const can = useCan();
  const flowDict = useFlowDict();
  const openTab = useShellBridge((s) => s.openTab);
  const [chart, setChart] = useState<FlowChartTarget>();
  const list = usePagedList((q: WorkQuery) => flowApi.workList('send', q), { category: LEAVE_CATEGORY });

  const add = async () => {
    const defs = await flowApi
      .startList({ category: LEAVE_CATEGORY, key: LEAVE_KEY, current: 1, size: 1 })
      .catch(() => undefined);
    const def = defs?.records[0];
    if (!def) {
      if (defs) void message.warning(t('msg.noLeaveProcess'));
      return;
    }
    openTab(formPath('leave', def.id), { name: t('leave.formTitle') });
  };

  const columns: TableColumnsType<BladeFlow> = [
    { key: 'createTime', dataIndex: 'createTime', title: t('leave.applyTime') },
    {
      key: 'processDefinitionName',
      dataIndex: 'processDefinitionName',
      title: t('col.processDefinitionName'),
    },
    { key: 'taskName', dataIndex: 'taskName', title: t('col.taskName') },
    { key: 'assigneeName', dataIndex: 'assigneeName', title: t('col.assigneeName') },
    {
      key: 'processIsFinished',
      dataIndex: 'processIsFinished',
      title: t('col.processIsFinished'),
      render: (v: string) => <Tag color={v === 'finished' ? 'default' : 'processing'}>{t(`state.${v}`)}</Tag>,
    },
    {
      key: 'actions',
      title: t('col.actions'),
      render: (_: unknown, row: BladeFlow) => (
        <ActionLinks
          actions={[
            {
              key: 'view',
              label: t('action.detail'),
              perm: 'work_leave_view',
              onClick: () => openTab(detailPath(row, flowDict), { name: t('leave.detailTitle') }),
            },
            {
              key: 'follow',
              label: t('action.follow'),
              perm: 'work_leave_view',
              onClick: () => setChart({ processInstanceId: row.processInstanceId }),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <CardContainer>
      {can('work_leave_add') && (
        <Button
          type="primary"
          icon={<PlusOutlined />}
          style={{ marginBottom: 16 }}
          onClick={() => void add()}
        >
          {t('action.add')}
        </Button>
      )}
      <PagedTable<BladeFlow> list={list} rowKey="processInstanceId" columns={columns} />
      <FlowChartDialog target={chart} onClose={() => setChart(undefined)} />
    </CardContainer>
  );
}
