import { useEffect, useState } from 'react';
import { App, Col, Row, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { userResource } from '@tongxin/resources';
import { CardContainer, loadTree, ResourcePage, type TreeNode } from '@tongxin/shared-ui';
import { PlatformDialog, RoleDialog, type UserTarget } from './UserDialogs';

/** 用户管理: users by the dept tree (page?deptId), reset password, roles, platform, lock/unlock, approval of
 * guest registrations (filter 账号状态 = 待审核, then 审核通过), import/export. */
export function UserPage() {
  const { t } = useTranslation(['system', 'crud']);
  const { message } = App.useApp();
  const [tree, setTree] = useState<TreeNode[]>([]);
  const [deptId, setDeptId] = useState<string>();
  const [roleFor, setRoleFor] = useState<UserTarget>();
  const [platformFor, setPlatformFor] = useState<UserTarget>();

  useEffect(() => {
    loadTree('/api/blade-system/dept/tree')
      .then(setTree)
      .catch(() => undefined);
  }, []);

  /** A dialog opens on the selected users only. */
  const open = (set: (target: UserTarget) => void) => (target: UserTarget) => {
    if (target.ids.length) set(target);
    else void message.warning(t('crud:selectAtLeastOne'));
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
          // reset-password, lock, unlock and audit-pass (审核通过 of a guest registration) are the
          // definition's wire actions: the page calls them with `userIds`
          actions={{ role: open(setRoleFor), platform: open(setPlatformFor) }}
        />
      </Col>
      <RoleDialog target={roleFor} onClose={() => setRoleFor(undefined)} />
      <PlatformDialog target={platformFor} onClose={() => setPlatformFor(undefined)} />
    </Row>
  );
}
