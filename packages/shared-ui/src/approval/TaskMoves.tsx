import { useState } from 'react';
import { App, Button, Form, Input, Modal, Select } from 'antd';
import { usePermission } from '@tongxin/shared-ui/session';
import { useCrudT } from '../resource/i18n';
import { UserSelect } from '../widgets/pickers';
import { taskMoves } from './process-calls';

type Move = 'transfer' | 'return';

/** 转办 (to another user of the record's tenant `tenantId`) and 退回 (to a step already passed) for the
 * task open on the audit screen, with the to-do list's handle button; each asks for its target and a
 * comment and then closes the task. */
export function TaskMoves({
  taskId,
  tenantId,
  onDone,
}: {
  taskId: string;
  tenantId?: string;
  onDone: () => void;
}) {
  const t = useCrudT();
  const { message } = App.useApp();
  const allowed = usePermission('work_todo_handle');
  const [move, setMove] = useState<Move>();
  const [target, setTarget] = useState<string>();
  const [comment, setComment] = useState('');
  const [targets, setTargets] = useState<{ id: string; name: string }[]>([]);
  if (!allowed) return null;

  const open = async (m: Move) => {
    setTarget(undefined);
    setComment('');
    if (m === 'return') {
      try {
        const found = await taskMoves.returnTargets(taskId);
        if (!found.length) {
          void message.warning(t('noReturnTarget'));
          return;
        }
        setTargets(found);
      } catch {
        return; // the http client showed the server's message
      }
    }
    setMove(m);
  };
  const submit = async () => {
    if (!target) return;
    const res =
      move === 'transfer'
        ? await taskMoves.transfer({ taskId, userId: target, comment })
        : await taskMoves.returnTo({ taskId, activityId: target, comment });
    void message.success(res.msg);
    setMove(undefined);
    onDone();
  };

  return (
    <>
      <Button onClick={() => void open('transfer')}>{t('transfer')}</Button>
      <Button onClick={() => void open('return')}>{t('returnTask')}</Button>
      <Modal
        open={!!move}
        title={move === 'transfer' ? t('transfer') : t('returnTask')}
        okText={t('confirm')}
        cancelText={t('cancel')}
        okButtonProps={{ disabled: !target }}
        onOk={() => submit().catch(() => undefined)}
        onCancel={() => setMove(undefined)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={move === 'transfer' ? t('transferTo') : t('returnTo')} required>
            {move === 'transfer' ? (
              <UserSelect tenantId={tenantId} value={target} onChange={(v) => setTarget(v || undefined)} />
            ) : (
              <Select
                value={target}
                onChange={setTarget}
                options={targets.map((x) => ({ value: x.id, label: x.name }))}
              />
            )}
          </Form.Item>
          <Form.Item label={t('auditComment')}>
            <Input.TextArea
              rows={3}
              maxLength={500}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
