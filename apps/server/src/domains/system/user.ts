import { sql } from 'kysely';
import { revokeUsers, rolesChanged } from '../../auth/revoke-users.js';
import type { ResourceHooks } from '../../engine/crud/hooks.js';
import type { ResourceBehaviour } from '../../engine/module.js';
import { badRequest } from '../../http/envelope.js';
import { idList } from '../../http/params.js';
import { assertAccountQuota, chosenPasswordHash, heldRoles } from './accounts.js';
import { assertGrantableRoles } from './grantable-roles.js';
import { guestRegistration } from './guest-registration.js';
import { userManageVerbs } from './user-manage-verbs.js';
import { userProfileVerbs } from './user-profile-verbs.js';
import { deptsBelow, requireRows } from './shared.js';

const userHooks: ResourceHooks = {
  params: ['deptId'],
  // BladeX app-page: the app users (userType 2) unless the caller asks for another platform.
  views: { 'app-page': { query: (q) => ({ userType_equal: '2', ...q }) } },
  // `page?deptId=` lists the users of that dept and every dept below it.
  async filter({ trx }, params) {
    if (!params.deptId) return undefined;
    const depts = await deptsBelow(trx, idList(params.deptId, '部门'));
    if (!depts.length) return (eb) => eb.val(false) as never;
    return (eb) => eb.or(depts.map((id) => eb(sql`',' || dept_id || ','`, 'like', `%,${id},%`)));
  },

  async beforeWrite({ trx, user }, values, existing) {
    const tenantId = String(existing?.tenant_id ?? values.tenant_id ?? user.tenantId);
    if (existing) delete values.password; // changed only through reset-password / update-password
    const roles = idList(values.role_id ?? existing?.role_id, '角色');
    await requireRows(trx, 'blade_role', roles, tenantId, '角色');
    await requireRows(
      trx,
      'blade_dept',
      idList(values.dept_id ?? existing?.dept_id, '部门'),
      tenantId,
      '部门',
    );
    await requireRows(
      trx,
      'blade_post',
      idList(values.post_id ?? existing?.post_id, '岗位'),
      tenantId,
      '岗位',
    );
    // Roles the user does not hold yet are granted by this write: only those the caller may hand out.
    await assertGrantableRoles(trx, user, tenantId, roles, heldRoles(existing?.role_id));
    if (!existing) await assertAccountQuota(trx, tenantId);
    // last: the cheap checks first, and a refused role is refused whatever the password
    if (!existing)
      values.password = await chosenPasswordHash(String(values.password), String(values.account ?? ''));
  },

  async beforeRemove({ user }, ids) {
    if (ids.includes(user.userId)) throw badRequest('不能删除当前登录的用户');
  },

  // A removed user's tokens die with the account; an edited user's tokens answer with the roles the
  // user holds now from their next request on.
  async committed({ ctx }, ids, action) {
    if (action === 'remove') await revokeUsers(ctx, ids);
    else await rolesChanged(ctx, { userIds: ids });
  },
};

export const userBehaviour: ResourceBehaviour = {
  hooks: userHooks,
  verbs: { ...userManageVerbs, ...userProfileVerbs, 'register-guest': guestRegistration },
};
