import { useState } from 'react';
import { App, Form, Input, Modal, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError, logout, registerGuest, website } from '@tongxin/api-client';
import { TENANT_ID_LABEL, userResource, type FieldDef } from '@tongxin/resources';
import { rulesOf, toWireValue, useLabel } from '@tongxin/shared-ui';
import { useAuthStore } from '../session/auth-store';
import { logoutLocally } from '../session/session-actions';
import { useCaptcha } from '../login/use-captcha';
import { newPasswordField } from '../login/new-password-field';
import { needsRegistration } from './needs-registration';

interface RegisterFields {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
  code?: string;
}

const accountField = userResource.fields.find((f) => f.name === 'account')!;
const PASSWORD_LABEL = { zh: '密码', en: 'Password' };
const tenantField: FieldDef = { name: 'tenantId', kind: 'string', label: TENANT_ID_LABEL, rule: 'tenantId' };

/** The password, twice. */
function PasswordFields() {
  const { t } = useTranslation('shell');
  const label = useLabel();
  return (
    <>
      <Form.Item
        name="password"
        label={t('register.password')}
        rules={[
          { required: true, message: t('register.passwordRequired') },
          ...rulesOf(newPasswordField('password', PASSWORD_LABEL), label),
        ]}
      >
        <Input.Password />
      </Form.Item>
      <Form.Item
        name="password2"
        label={t('register.password2')}
        dependencies={['password']}
        rules={[
          { required: true, message: t('register.passwordRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('password')
                ? Promise.resolve()
                : Promise.reject(new Error(t('register.mismatch'))),
          }),
        ]}
      >
        <Input.Password />
      </Form.Item>
    </>
  );
}

/** Third-party registration 'account registration' (docs/front-end.md#session-and-lock). */
export function RegisterDialog() {
  const { t } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [form] = Form.useForm<RegisterFields>();
  const [saving, setSaving] = useState(false);
  const label = useLabel();
  const open = !!user && needsRegistration(user.user_id);
  const tenantKnown = Boolean(user?.tenant_id);
  // The server asks for the captcha whenever the login page shows one.
  const { captcha, enabled: captchaEnabled, refresh } = useCaptcha();

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    try {
      await registerGuest({
        // as checked: trimmed, like the server reads them
        tenantId: tenantKnown ? user!.tenant_id : String(toWireValue(tenantField, values.tenantId)),
        name: values.name,
        account: String(toWireValue(accountField, values.account)),
        password: values.password,
        oauthId: user?.oauth_id,
        ...(captchaEnabled ? { captchaKey: captcha?.key, captchaCode: values.code?.trim() } : {}),
      });
      modal.info({
        title: t('common.tip'),
        content: t('register.pending'),
        okText: t('common.confirm'),
        onOk: async () => {
          await logout().catch(() => undefined);
          logoutLocally();
          void navigate('/login', { replace: true });
        },
      });
    } catch (error) {
      if (!(error instanceof ApiError)) void message.error(t('register.failed'));
      // A captcha answers once, right or wrong.
      form.setFieldValue('code', '');
      void refresh();
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('register.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      okText={t('common.submit')}
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{
          tenantId: user?.tenant_id || website.tenantId,
          name: user?.nick_name,
          account: user?.account,
        }}
      >
        {!tenantKnown && (
          <Form.Item
            name="tenantId"
            label={t('register.tenantId')}
            rules={rulesOf({ ...tenantField, required: t('register.tenantRequired') }, label)}
          >
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('register.name')}>
          <Input />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('register.account')}
          rules={rulesOf({ ...accountField, required: t('register.accountRequired') }, label)}
        >
          <Input />
        </Form.Item>
        <PasswordFields />
        {captchaEnabled && (
          <Form.Item label={t('login.captcha')} required>
            <Space.Compact block>
              <Form.Item
                name="code"
                noStyle
                rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}
              >
                <Input autoComplete="off" maxLength={8} aria-label={t('login.captcha')} />
              </Form.Item>
              {captcha?.image && (
                <img
                  src={captcha.image}
                  alt={t('login.captcha')}
                  title={t('login.refreshCaptcha')}
                  style={{ height: 32, width: 96, cursor: 'pointer' }}
                  onClick={() => void refresh()}
                />
              )}
            </Space.Compact>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
