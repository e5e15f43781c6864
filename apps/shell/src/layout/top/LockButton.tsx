import { useState } from 'react';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../session/auth-store';

/** Lock (docs/front-end.md#session-and-lock): asks for a lock password first when none is set, then locks and
 * goes to /lock. */
export function LockButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lockNow = () => {
    useAuthStore.getState().lock();
    void navigate('/lock');
  };

  return (
    <>
      <Tooltip title={t('top.lock')}>
        <Button
          type="text"
          icon={<LockOutlined />}
          aria-label={t('top.lock')}
          onClick={() => (useAuthStore.getState().lockPasswd ? lockNow() : setOpen(true))}
        />
      </Tooltip>
      <Modal
        open={open}
        title={t('lock.setPassword')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() =>
          void form
            .validateFields()
            .then(({ password }) => {
              useAuthStore.getState().setLockPasswd(password);
              setOpen(false);
              lockNow();
            })
            .catch(() => undefined)
        }
        destroyOnHidden
      >
        <Form name="lockPassword" form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, message: t('lock.passwordRequired') }]}
          >
            <Input.Password autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
