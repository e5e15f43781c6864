import { useState } from 'react';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '@tongxin/api-client';
import { DictSelect, TreePick } from '@tongxin/shared-ui';

const BASE = '/api/blade-user';

/** The users a dialog works on, and the list to reload after. */
export interface UserTarget {
  ids: string[];
  reload: () => Promise<void>;
}

/** 角色配置: grant the chosen roles to the selected users (`user/grant`). */
export function RoleDialog({ target, onClose }: { target?: UserTarget; onClose: () => void }) {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [roleIds, setRoleIds] = useState<string>();
  return (
    <Modal
      open={!!target}
      title={t('user.roleTitle')}
      onCancel={onClose}
      okText={t('crud:confirm')}
      cancelText={t('crud:cancel')}
      destroyOnHidden
      afterClose={() => setRoleIds(undefined)}
      onOk={async () => {
        if (!roleIds) {
          void message.warning(t('grant.selectRole'));
          return;
        }
        try {
          await http.post(`${BASE}/grant`, null, { params: { userIds: target!.ids.join(','), roleIds } });
          void message.success(t('crud:operateSuccess'));
          await target!.reload();
          onClose();
        } catch {
          // shown by the http client
        }
      }}
    >
      <TreePick
        url="/api/blade-system/role/tree"
        multiple
        value={roleIds}
        onChange={setRoleIds}
        placeholder={t('grant.selectRole')}
      />
    </Modal>
  );
}

/** 平台配置: the platform (userType) and its extension of the selected users (`user/update-platform`). */
export function PlatformDialog({ target, onClose }: { target?: UserTarget; onClose: () => void }) {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [form] = Form.useForm();
  return (
    <Modal
      open={!!target}
      title={t('user.platformTitle')}
      onCancel={onClose}
      okText={t('crud:confirm')}
      cancelText={t('crud:cancel')}
      destroyOnHidden
      onOk={async () => {
        const v = (await form.validateFields()) as { userType: string; userExt?: string };
        try {
          for (const id of target!.ids)
            await http.post(`${BASE}/update-platform`, null, {
              params: { userId: id, userType: v.userType, userExt: v.userExt ?? '' },
            });
          void message.success(t('crud:operateSuccess'));
          await target!.reload();
          onClose();
        } catch {
          // shown by the http client
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="userType"
          label={t('user.userType')}
          rules={[{ required: true, message: '请选择用户平台' }]}
        >
          <DictSelect dict={{ code: 'user_type' }} />
        </Form.Item>
        <Form.Item name="userExt" label={t('user.userExt')}>
          <Input.TextArea rows={3} maxLength={255} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
