import { useEffect, useState } from 'react';
import { App, Col, Form, Input, Modal, Row, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { http } from '@tongxin/api-client';
import { userResource } from '@tongxin/resources';
import {
  CardContainer,
  DictSelect,
  loadTree,
  ResourcePage,
  TreePick,
  type TreeNode,
} from '@tongxin/shared-ui';

const BASE = '/api/blade-user';

/** 用户管理: users by the dept tree (page?deptId), reset password, roles, platform, lock/unlock, approval of
 * guest registrations (filter 账号状态 = 待审核, then 审核通过), import/export. */
export function UserPage() {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [deptId, setDeptId] = useState<string>();
  const [roleFor, setRoleFor] = useState<{ ids: string[]; reload: () => Promise<void> }>();
  const [platformFor, setPlatformFor] = useState<{ ids: string[]; reload: () => Promise<void> }>();
  const [roleIds, setRoleIds] = useState<string>();
  const [platform] = Form.useForm();

  useEffect(() => {
    loadTree('/api/blade-system/dept/tree')
      .then(setTree)
      .catch(() => undefined);
  }, []);

  const post = async (verb: string, params: Record<string, string>) => {
    await http.post(`${BASE}/${verb}`, null, { params });
    void message.success(t('crud:operateSuccess'));
  };
  const needRows = (ids: string[]) => {
    if (!ids.length) void message.warning(t('crud:selectAtLeastOne'));
    return ids.length > 0;
  };

  return (
    <Row gutter={12} wrap={false}>
      <Col flex="240px">
        <CardContainer>
          <h4 style={{ marginTop: 0 }}>{t('user.deptTree')}</h4>
          <Tree
            key={tree.length}
            blockNode
            defaultExpandAll
            treeData={[{ key: '', title: t('user.all'), children: tree as never }]}
            selectedKeys={[deptId ?? '']}
            onSelect={(keys) => setDeptId(keys[0] ? String(keys[0]) : undefined)}
          />
        </CardContainer>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ResourcePage
          def={userResource}
          listPath="page"
          query={{ deptId }}
          actions={{
            reset: ({ ids }) => post('reset-password', { userIds: ids.join(',') }),
            lock: ({ ids }) => post('lock', { userIds: ids.join(',') }),
            unlock: ({ ids }) => post('unlock', { userIds: ids.join(',') }),
            // 审核通过: a guest registration (账号状态 待审核) may log in
            audit: ({ ids }) => post('audit-pass', { userIds: ids.join(',') }),
            role: ({ ids, reload }) => {
              if (needRows(ids)) {
                setRoleIds(undefined);
                setRoleFor({ ids, reload });
              }
            },
            platform: ({ ids, reload }) => {
              if (needRows(ids)) {
                platform.resetFields();
                setPlatformFor({ ids, reload });
              }
            },
          }}
        />
      </Col>
      <Modal
        open={!!roleFor}
        title={t('user.roleTitle')}
        onCancel={() => setRoleFor(undefined)}
        okText={t('crud:confirm')}
        cancelText={t('crud:cancel')}
        destroyOnHidden
        onOk={async () => {
          if (!roleIds) {
            void message.warning(t('grant.selectRole'));
            return;
          }
          try {
            await post('grant', { userIds: roleFor!.ids.join(','), roleIds });
            await roleFor!.reload();
            setRoleFor(undefined);
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
      <Modal
        open={!!platformFor}
        title={t('user.platformTitle')}
        onCancel={() => setPlatformFor(undefined)}
        okText={t('crud:confirm')}
        cancelText={t('crud:cancel')}
        destroyOnHidden
        onOk={async () => {
          const v = (await platform.validateFields()) as { userType: string; userExt?: string };
          try {
            for (const id of platformFor!.ids)
              await http.post(`${BASE}/update-platform`, null, {
                params: { userId: id, userType: v.userType, userExt: v.userExt ?? '' },
              });
            void message.success(t('crud:operateSuccess'));
            await platformFor!.reload();
            setPlatformFor(undefined);
          } catch {
            // shown by the http client
          }
        }}
      >
        <Form form={platform} layout="vertical">
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
    </Row>
  );
}
