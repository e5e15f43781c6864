import { useEffect, useState } from 'react';
import { App, Avatar, Button, Card, Form, Input, Space, Tabs, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  getToken,
  getUserProfile,
  updatePassword,
  updateUserInfo,
  website,
  type UpdateInfoBody,
} from '@tongxin/api-client';
import { userResource } from '@tongxin/resources';
import { useRules } from '@tongxin/shared-ui';
import { newPasswordField } from '../login/new-password-field';
import { avatarProblem } from './avatar-rules';

const UPLOAD_URL = '/api/blade-resource/oss/endpoint/put-file-attach';
/** The user fields of the profile, checked by the same rules as the user form and the server. */
const userField = (name: string) => userResource.fields.find((f) => f.name === name)!;
const NEW_PASSWORD_LABEL = { zh: '新密码', en: 'New password' };

function PersonalInfoForm() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<UpdateInfoBody>();
  const [saving, setSaving] = useState(false);
  const avatar = Form.useWatch('avatar', form);
  const rulesOf = useRules();

  useEffect(() => {
    getUserProfile()
      .then((p) =>
        form.setFieldsValue({
          id: p.id,
          avatar: p.avatar,
          realName: p.realName,
          name: p.name,
          phone: p.phone,
          email: p.email,
        }),
      )
      .catch(() => undefined);
  }, [form]);

  const save = async (values: UpdateInfoBody) => {
    setSaving(true);
    try {
      const res = await updateUserInfo(values);
      // a resident's real name, phone and email wait for 资料审核; nickname and avatar apply at once
      const waiting = (res.data as { needAudit?: number } | null)?.needAudit === 1;
      void message.success(t(waiting ? 'profile.infoSubmitted' : 'profile.infoSaved'));
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void save(v)}>
      <Form.Item name="id" hidden>
        <Input />
      </Form.Item>
      <Form.Item name="avatar" label={t('profile.avatar')}>
        <Space>
          <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} />
          <Upload
            accept="image/jpeg,image/png"
            showUploadList={false}
            action={UPLOAD_URL}
            headers={{ [website.tokenHeader]: `bearer ${getToken()}` }}
            beforeUpload={(file) => {
              const problem = avatarProblem(file);
              if (problem) void message.error(t(problem));
              return problem ? Upload.LIST_IGNORE : true;
            }}
            onChange={({ file }) => {
              const res = file.response as { success?: boolean; data?: { link?: string } } | undefined;
              if (file.status === 'done' && res?.success && res.data?.link)
                form.setFieldValue('avatar', res.data.link);
            }}
          >
            <Button icon={<UploadOutlined />}>{t('profile.avatar')}</Button>
          </Upload>
        </Space>
      </Form.Item>
      {(['realName', 'name', 'phone', 'email'] as const).map((name) => (
        <Form.Item key={name} name={name} label={t(`profile.${name}`)} rules={rulesOf(userField(name))}>
          <Input />
        </Form.Item>
      ))}
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.submit')}
        </Button>
        <Button onClick={() => form.resetFields(['realName', 'name', 'phone', 'email'])}>
          {t('common.reset')}
        </Button>
      </Space>
    </Form>
  );
}

interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

function ChangePasswordForm() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordFields>();
  const [saving, setSaving] = useState(false);
  const rulesOf = useRules();

  const save = async ({ oldPassword, newPassword, newPassword1 }: PasswordFields) => {
    setSaving(true);
    try {
      await updatePassword(oldPassword, newPassword, newPassword1);
      void message.success(t('profile.passwordSaved'));
      form.resetFields();
    } catch {
      // shown by the http client
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(v) => void save(v)}>
      <Form.Item
        name="oldPassword"
        label={t('profile.oldPassword')}
        rules={[{ required: true, message: t('profile.oldPasswordRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('profile.newPassword')}
        rules={[
          { required: true, message: t('profile.newPasswordRequired') },
          ...rulesOf(newPasswordField('newPassword', NEW_PASSWORD_LABEL)),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('profile.newPassword1')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('profile.newPassword1Required') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('profile.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={saving}>
          {t('common.submit')}
        </Button>
        <Button onClick={() => form.resetFields()}>{t('common.reset')}</Button>
      </Space>
    </Form>
  );
}

/** /info/index: personal info and change password (docs/front-end.md#the-shells-frame). */
export default function ProfilePage() {
  const { t } = useTranslation('shell');
  return (
    <Card variant="borderless">
      <Tabs
        items={[
          { key: 'info', label: t('profile.info'), children: <PersonalInfoForm /> },
          { key: 'password', label: t('profile.password'), children: <ChangePasswordForm /> },
        ]}
      />
    </Card>
  );
}
