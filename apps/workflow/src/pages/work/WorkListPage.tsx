import { useState } from 'react';
import { App, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { flowApi, type BladeFlow, type WorkQuery } from '@tongxin/api-client';
import { CardContainer, FlowChartDialog, useShellBridge, type FlowChartTarget } from '@tongxin/shared-ui';
import { ActionLinks, type LinkAction } from '../../common/ActionLinks';
import { detailPath, handlePath } from '../../common/flow-routes';
import { useFlowDict } from '../../common/use-flow-dict';
import { PagedTable } from '../../common/PagedTable';
import { usePagedList } from '../../common/use-paged-list';
import { WorkSearch } from '../../common/WorkSearch';

export type WorkListKind = 'claim' | 'todo' | 'send' | 'done';

/** What each list shows: its columns after the process name, and its menu (button code prefix). */
const COLUMNS: Record<WorkListKind, (keyof BladeFlow)[]> = {
  claim: ['taskName', 'startUser', 'processDefinitionVersion', 'categoryName', 'createTime'],
  todo: ['taskName', 'startUser', 'processDefinitionVersion', 'categoryName', 'createTime', 'claimTime'],
  send: ['taskName', 'assigneeName', 'categoryName', 'createTime', 'endTime', 'processIsFinished'],
  done: ['taskName', 'startUser', 'categoryName', 'historyTaskEndTime', 'comment', 'processIsFinished'],
};
const ACTIONS: Record<WorkListKind, string[]> = {
  claim: ['claim', 'detail'],
  todo: ['handle', 'detail', 'follow'],
  send: ['detail', 'follow'],
  done: ['detail', 'follow'],
};
const TITLE_CODE: Record<WorkListKind, string> = {
  claim: 'work_claim',
  todo: 'work_todo',
  send: 'work_send',
  done: 'work_done',
};

/** 待签 / 待办 / 已发 / 办结事务 (blade-flow/work): one paged list each, with their row actions. */
export function WorkListPage({ kind }: { kind: WorkListKind }) {
  const { t } = useTranslation('workflow');
  const { message, modal } = App.useApp();
  const flowDict = useFlowDict();
  const openTab = useShellBridge((s) => s.openTab);
  const [chart, setChart] = useState<FlowChartTarget>();
  const list = usePagedList((q: WorkQuery) => flowApi.workList(kind, q), {} as WorkQuery);
  const code = TITLE_CODE[kind];

  const open = (path: string, name: string) => openTab(path, { name });
  const actions = (row: BladeFlow): LinkAction[] =>
    [
      {
        key: 'claim',
        label: t('action.claim'),
        perm: 'work_claim_sign',
        onClick: () =>
          modal.confirm({
            title: t('action.claim'),
            content: t('msg.confirmClaim'),
            okText: t('action.confirm'),
            cancelText: t('action.cancel'),
            onOk: async () => {
              const res = await flowApi.claimTask(row.taskId);
              void message.success(res.msg || t('msg.operateSuccess'));
              list.reload();
            },
          }),
      },
      {
        key: 'handle',
        label: t('action.handle'),
        perm: 'work_todo_handle',
        onClick: () => open(handlePath(row, flowDict), `${t('action.handle')}·${row.processDefinitionName}`),
      },
      {
        key: 'detail',
        label: t('action.detail'),
        perm: `${code}_detail`,
        onClick: () => open(detailPath(row, flowDict), `${t('action.detail')}·${row.processDefinitionName}`),
      },
      {
        key: 'follow',
        label: t('action.follow'),
        perm: `${code}_follow`,
        onClick: () => setChart({ processInstanceId: row.processInstanceId }),
      },
    ].filter((a) => ACTIONS[kind].includes(a.key));

  const columns: TableColumnsType<BladeFlow> = [
    {
      key: 'processDefinitionName',
      dataIndex: 'processDefinitionName',
      title: t('col.processDefinitionName'),
    },
    ...COLUMNS[kind].map((name) => ({
      key: name,
      dataIndex: name,
      title: t(`col.${name}`),
      render:
        name === 'processIsFinished'
          ? (v: string) => <Tag color={v === 'finished' ? 'default' : 'processing'}>{t(`state.${v}`)}</Tag>
          : name === 'comment'
            ? (v: string, row: BladeFlow) =>
                row.pass === null || row.pass === undefined
                  ? v
                  : `${t(row.pass ? 'state.pass' : 'state.reject')}${v ? `: ${v}` : ''}`
            : undefined,
    })),
    {
      key: 'actions',
      title: t('col.actions'),
      width: 220,
      render: (_: unknown, row: BladeFlow) => <ActionLinks actions={actions(row)} />,
    },
  ];

  return (
    <CardContainer>
      <WorkSearch onSearch={list.search} />
      <PagedTable<BladeFlow>
        list={list}
        rowKey={(r) => `${r.processInstanceId}-${r.taskId}`}
        columns={columns}
      />
      <FlowChartDialog target={chart} onClose={() => setChart(undefined)} />
    </CardContainer>
  );
}

export const ClaimPage = () => <WorkListPage kind="claim" />;
export const TodoPage = () => <WorkListPage kind="todo" />;
export const SendPage = () => <WorkListPage kind="send" />;
export const DonePage = () => <WorkListPage kind="done" />;
