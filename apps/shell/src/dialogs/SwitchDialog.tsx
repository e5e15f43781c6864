import { useEffect, useState } from 'react';
import { Form, Modal, Select } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { http, saveTokenResponse, switchDeptRole, type R, type TreeNode } from '@tongxin/api-client';
import { useMenuStore } from '../menu/menu-store';
import { syncSessionFromStorage } from '../session/session-actions';
import { useAuthStore } from '../session/auth-store';

interface Option {
  value: string;
  label: string;
}

const flatten = (nodes: TreeNode[], depth = 0): Option[] =>
  nodes.flatMap((node) => [
    { value: node.id, label: `${'　'.repeat(depth)}${node.title}` },
    ...flatten(node.children ?? [], depth + 1),
  ]);

const loadOptions = async (url: string): Promise<Option[]> =>
  flatten((await http.get<R<TreeNode[]>>(url)).data.data ?? []);

/**
 * 切换部门 (docs/front-end.md#session-and-lock): only reachable when switch mode is on (website.switchMode, off
 * by default). A refresh narrowed to the chosen dept and role replaces the token, then the menus reload
 * and the app returns to /.
 */
export function SwitchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [form] = Form.useForm<{ deptId: string; roleId: string }>();
  const [depts, setDepts] = useState<Option[]>([]);
  const [roles, setRoles] = useState<Option[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    void loadOptions('/api/blade-system/dept/tree').then(setDepts, () => setDepts([]));
    void loadOptions('/api/blade-system/role/tree').then(setRoles, () => setRoles([]));
  }, [open]);

  const submit = async () => {
    const { deptId, roleId } = await form.validateFields();
    setSaving(true);
    try {
      saveTokenResponse(await switchDeptRole(deptId, roleId));
      syncSessionFromStorage();
      useMenuStore.getState().reset();
      onClose();
      void navigate('/', { replace: true });
    } catch {
      // the server's message was shown by the http client; the dialog stays open
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('switchDept.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      destroyOnHidden
    >
      <Form
        name="switchDept"
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ deptId: user?.dept_id?.split(',')[0], roleId: user?.role_id?.split(',')[0] }}
      >
        <Form.Item
          name="deptId"
          label={t('switchDept.dept')}
          rules={[{ required: true, message: t('switchDept.deptRequired') }]}
        >
          <Select showSearch optionFilterProp="label" options={depts} />
        </Form.Item>
        <Form.Item
          name="roleId"
          label={t('switchDept.role')}
          rules={[{ required: true, message: t('switchDept.roleRequired') }]}
        >
          <Select showSearch optionFilterProp="label" options={roles} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
