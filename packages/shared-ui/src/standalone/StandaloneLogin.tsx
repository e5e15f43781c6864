import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Space } from 'antd';
import { getCaptcha, loginByUsername, website, type Captcha, type TokenResponse } from '@tongxin/api-client';
import { useStandaloneT } from './i18n';

interface Fields {
  tenantId: string;
  username: string;
  password: string;
  code?: string;
}

/** The sign-in of a remote opened on its own: the same token call as the shell's login page (through
 * the dev server's /api proxy), captcha when the server asks for one. */
export function StandaloneLogin({ name, onLogin }: { name: string; onLogin: (res: TokenResponse) => void }) {
  const t = useStandaloneT();
  const [form] = Form.useForm<Fields>();
  const [captcha, setCaptcha] = useState<Captcha | undefined>();
  const [busy, setBusy] = useState(false);
  const refresh = () => getCaptcha().then(setCaptcha, () => setCaptcha(undefined));
  useEffect(() => {
    void refresh();
  }, []);
  const captchaEnabled = captcha?.captchaEnabled ?? true;
  const required = (label: string) => [{ required: true, message: t('required', { label }) }];

  const submit = async (fields: Fields) => {
    setBusy(true);
    try {
      const res = await loginByUsername(
        { ...fields, captchaKey: captcha?.key, captchaCode: fields.code?.trim() },
        captchaEnabled,
      );
      onLogin(res);
    } catch {
      // the server's message was shown by the http client
      form.setFieldValue('code', '');
      void refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title={t('title', { name })} style={{ maxWidth: 420, margin: '64px auto' }}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ tenantId: website.tenantId }}
        onFinish={(fields) => void submit(fields)}
      >
        <Form.Item name="tenantId" label={t('tenantId')} rules={required(t('tenantId'))}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item name="username" label={t('username')} rules={required(t('username'))}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item name="password" label={t('password')} rules={required(t('password'))}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        {captchaEnabled && (
          <Form.Item label={t('captcha')} required>
            <Space>
              <Form.Item name="code" noStyle rules={required(t('captcha'))}>
                <Input maxLength={8} autoComplete="off" aria-label={t('captcha')} />
              </Form.Item>
              {captcha?.image && (
                <img src={captcha.image} alt={t('captcha')} height={32} onClick={() => void refresh()} />
              )}
            </Space>
          </Form.Item>
        )}
        <Button type="primary" htmlType="submit" loading={busy} block>
          {t('login')}
        </Button>
      </Form>
    </Card>
  );
}
