import { lazy, useEffect, useMemo, useState } from 'react';
import { Button, Table, type TableColumnsType } from 'antd';
import { RevealProvider } from '../resource/reveal';
import type { Page } from '@tongxin/api-client';
import type { ProcessDef, ResourceDef } from '@tongxin/resources';
import { usePermission, type RemotePage } from '@tongxin/shared-ui/session';
import { dictRefsOf, useDicts } from '../resource/dict-store';
import { FieldValue } from '../resource/FieldValue';
import { useCrudT, useLabel, useTotalText } from '../resource/i18n';
import { PageCard } from '../resource/PageCard';
import type { Row } from '../resource/wire';
import { AuditDrawer } from './AuditDrawer';
import { AUDIT_STATUS_FIELD, processCalls, type TaskRecord } from './process-calls';

/**
 * The generic audit screen of one process of a definition (its `auditScreen`; `process` defaults to the
 * definition's `process`, else one of its `laterProcesses`): the records
 * waiting for the current user in that process (auditTasks), each opened read-only beside its timeline
 * with 通过 / 驳回 (detailByTaskId / dealProcessFlow, guarded by the process's button code).
 */
export function AuditPage({ def, process = def.process }: { def: ResourceDef; process?: ProcessDef }) {
  const t = useCrudT();
  const label = useLabel();
  const totalText = useTotalText();
  const calls = useMemo(() => processCalls(def, process?.key), [def, process]);
  const canDeal = usePermission(process?.perm);
  const fields = useMemo(
    () => [...def.fields.filter((f) => f.list !== false && !f.secret), AUDIT_STATUS_FIELD],
    [def],
  );
  useDicts(useMemo(() => dictRefsOf({ ...def, fields: [...def.fields, AUDIT_STATUS_FIELD] }), [def]));
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  // a reload asks again for the same page
  const [version, setVersion] = useState(0);
  const key = `${paging.current}:${paging.size}:${version}`;
  const [loaded, setLoaded] = useState<{ key: string; page: Page<Row> }>();
  const page = loaded?.page;
  const loading = loaded?.key !== key;
  const [open, setOpen] = useState<TaskRecord>();

  useEffect(() => {
    let alive = true;
    calls
      .tasks(paging)
      // a failed call (the http client showed the server's message) ends the loading with no rows
      .catch(() => ({ records: [], total: 0, size: paging.size, current: paging.current, pages: 0 }))
      .then((p) => alive && setLoaded({ key: `${paging.current}:${paging.size}:${version}`, page: p }));
    return () => {
      alive = false;
    };
  }, [calls, paging, version]);
  const load = () => setVersion((v) => v + 1);

  const openTask = async (row: Row) => {
    try {
      setOpen(await calls.detailByTaskId(String(row.taskId)));
    } catch {
      // the http client showed the server's message
    }
  };

  const columns: TableColumnsType<Row> = [
    ...fields.map((field) => ({
      key: field.name,
      title: label(field.label),
      width: field.width,
      ellipsis: true,
      render: (_: unknown, row: Row) => <FieldValue field={field} row={row} mode="cell" />,
    })),
    { key: 'taskName', dataIndex: 'taskName', title: t('taskName'), width: 120 },
    { key: 'taskCreateTime', dataIndex: 'taskCreateTime', title: t('taskCreateTime'), width: 170 },
    {
      key: '__actions',
      title: t('actions'),
      fixed: 'right',
      width: 90,
      render: (_: unknown, row: Row) => (
        <Button type="link" size="small" onClick={() => void openTask(row)}>
          {canDeal ? t('audit') : t('view')}
        </Button>
      ),
    },
  ];

  return (
    <PageCard title={`${label(def.label)}${t('auditTitle')}`}>
      {/* an eye (显示完整信息) beside masked personal data, for holders of the resource's reveal button */}
      <RevealProvider def={def}>
        <Table<Row>
          rowKey={(r) => String(r.taskId)}
          size="middle"
          loading={loading}
          columns={columns}
          dataSource={page?.records ?? []}
          scroll={{ x: 'max-content' }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: page?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total) => totalText(total, true),
            onChange: (current, size) => setPaging({ current, size }),
          }}
        />
        <AuditDrawer
          def={def}
          calls={calls}
          record={open}
          canDeal={canDeal}
          onClose={() => setOpen(undefined)}
          onDone={() => {
            setOpen(undefined);
            load();
          }}
        />
      </RevealProvider>
    </PageCard>
  );
}

/** The audit screen's route-map entry. */
export const auditPage = (def: ResourceDef, process?: ProcessDef): RemotePage =>
  lazy(async () => ({ default: () => <AuditPage def={def} process={process} /> }));
