import { useState } from 'react';
import { App, Button, DatePicker, Form, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { leaveApi } from '@tongxin/api-client';
import { CardContainer, useShellBridge } from '@tongxin/shared-ui';
import type { RemotePageProps } from '@tongxin/shared-ui/session';
import { paramOf } from '../../common/flow-routes';
import { ApproverSelect } from './ApproverSelect';
import { useFormName } from '../../common/use-form-name';

const FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface Values {
  taskUser?: string;
  startTime?: Dayjs;
  endTime?: Dayjs;
  reason?: string;
}

/** /work/process/leave/form/{processDefinitionId}: a leave request, started in the chosen definition. */
export function LeaveFormPage({ path, params = {} }: RemotePageProps) {
  const { t } = useTranslation('workflow');
  const formName = useFormName('leave');
  const { message } = App.useApp();
  const { openTab, closeTab } = useShellBridge();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const processDefinitionId = paramOf(params.processDefinitionId) ?? '';

  const submit = async (v: Values) => {
    setSaving(true);
    try {
      const res = await leaveApi.startProcess({
        processDefinitionId,
        taskUser: v.taskUser!,
        startTime: v.startTime!.format(FORMAT),
        endTime: v.endTime!.format(FORMAT),
        reason: v.reason!.trim(),
      });
      void message.success(res.msg || t('msg.operateSuccess'));
      closeTab(path);
      openTab('/work/send');
    } catch {
      // the server's message was shown; the form keeps its values
    } finally {
      setSaving(false);
    }
  };

  return (
    <CardContainer>
      <h3 style={{ marginTop: 0 }}>{t('leave.formTitle')}</h3>
      <Form
        name={formName}
        form={form}
        layout="vertical"
        style={{ maxWidth: 560 }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="taskUser"
          label={t('leave.taskUser')}
          rules={[{ required: true, message: t('leave.taskUserRequired') }]}
        >
          <ApproverSelect placeholder={t('leave.taskUserRequired')} />
        </Form.Item>
        <Form.Item
          name="startTime"
          label={t('leave.startTime')}
          rules={[{ required: true, message: t('leave.startTimeRequired') }]}
        >
          <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={t('leave.endTime')}
          dependencies={['startTime']}
          rules={[
            { required: true, message: t('leave.endTimeRequired') },
            ({ getFieldValue }) => ({
              validator: (_, end?: Dayjs) => {
                const start = getFieldValue('startTime') as Dayjs | undefined;
                return !end || !start || end.isAfter(start)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('leave.endAfterStart')));
              },
            }),
          ]}
        >
          <DatePicker showTime format={FORMAT} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('leave.reason')}
          rules={[{ required: true, whitespace: true, message: t('leave.reasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={500} showCount />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            {t('leave.submit')}
          </Button>
          <Button onClick={() => closeTab(path)}>{t('action.cancel')}</Button>
        </Space>
      </Form>
    </CardContainer>
  );
}
