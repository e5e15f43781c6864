import { useState } from 'react';
import { App, Button, Col, Drawer, Form, Input, Row, Space } from 'antd';
import type { ResourceDef } from '@tongxin/resources';
import { FlowChartDialog, type FlowChartTarget } from '../flow/FlowChartDialog';
import { HistoryTimeline } from '../flow/HistoryTimeline';
import { useCrudT, useLabel } from '../resource/i18n';
import { useRowsTenant } from '../resource/record-tenant';
import { RecordView } from '../resource/RecordView';
import { AUDIT_STATUS_FIELD, type ProcessCalls, type TaskRecord } from './process-calls';
import { TaskMoves } from './TaskMoves';

/** One task of the audit screen: the record read-only beside its timeline, a comment, 通过 / 驳回
 * (dealProcessFlow; a reject needs the comment), and the flow chart. */
export function AuditDrawer({
  def,
  calls,
  record,
  canDeal,
  onClose,
  onDone,
}: {
  def: ResourceDef;
  calls: ProcessCalls;
  record: TaskRecord | undefined;
  canDeal: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useCrudT();
  const label = useLabel();
  const { message } = App.useApp();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<'pass' | 'reject'>();
  const [chart, setChart] = useState<FlowChartTarget>();
  const tenant = useRowsTenant(record ? [record] : []);
  const width = Math.max(def.drawerWidth ?? 600, 1000);
  const fields = [...def.fields.filter((f) => f.view !== false && !f.secret), AUDIT_STATUS_FIELD];
  const instanceId = record?.flow?.processInstanceId ?? (record?.processInstanceId as string | undefined);

  const deal = async (pass: boolean) => {
    if (!record?.flow?.taskId) return;
    if (!pass && !comment.trim()) {
      void message.warning(t('rejectNeedsComment'));
      return;
    }
    setBusy(pass ? 'pass' : 'reject');
    try {
      const res = await calls.deal({
        taskId: record.flow.taskId,
        processInstanceId: instanceId,
        businessId: String(record.id),
        pass,
        comment: comment.trim() || (pass ? t('pass') : t('reject')),
      });
      void message.success(res.msg || t('operateSuccess'));
      setComment('');
      onDone();
    } catch {
      // the http client showed the server's message
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Drawer
      open={!!record}
      title={`${label(def.label)} · ${t('audit')}`}
      size={width}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          {instanceId && (
            <Button onClick={() => setChart({ processInstanceId: instanceId })}>{t('flowChart')}</Button>
          )}
          <Button onClick={onClose}>{t('close')}</Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col span={15}>{record && <RecordView fields={fields} record={record} width={width * 0.6} />}</Col>
        <Col span={9}>
          <h4 style={{ marginTop: 0 }}>{t('flowHistory')}</h4>
          <HistoryTimeline flow={record?.flowHistory} />
        </Col>
      </Row>
      {canDeal && record?.flow?.canHandle !== false && (
        <Form layout="vertical">
          <Form.Item label={t('auditComment')}>
            <Input.TextArea
              data-testid="audit-comment"
              rows={3}
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
          <Space>
            <Button type="primary" loading={busy === 'pass'} onClick={() => void deal(true)}>
              {t('pass')}
            </Button>
            <Button danger loading={busy === 'reject'} onClick={() => void deal(false)}>
              {t('reject')}
            </Button>
            {record?.flow?.taskId && (
              <TaskMoves taskId={record.flow.taskId} tenantId={tenant} onDone={onDone} />
            )}
          </Space>
        </Form>
      )}
      <FlowChartDialog target={chart} onClose={() => setChart(undefined)} />
    </Drawer>
  );
}
