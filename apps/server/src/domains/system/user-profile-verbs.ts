/** The caller's own profile and password (any signed-in user). */
import { userResource } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import { isMd5Hex, md5Hex, verifyPassword } from '../../auth/passwords.js';
import { revokeUsers } from '../../auth/revoke-users.js';
import { validateBody } from '../../engine/crud/validate.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done } from '../../http/envelope.js';
import { requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { bump, chosenPasswordHash } from './accounts.js';

/** What a user may change of their own record (update-info), checked by the definition's rules. */
const PROFILE_FIELDS = ['name', 'realName', 'phone', 'email'];

const updateInfo: VerbHandler = {
  access: { token: true },
  async handle(request, { ctx }) {
    const user = requireUser(request);
    const b = (request.body ?? {}) as Record<string, unknown>;
    const given = Object.fromEntries(PROFILE_FIELDS.filter((k) => Object.hasOwn(b, k)).map((k) => [k, b[k]]));
    const changes = validateBody(userResource, given, false);
    if (b.avatar !== undefined) {
      const avatar = b.avatar === null ? '' : String(b.avatar).trim();
      if (avatar.length > 2000) throw badRequest('头像长度不能超过2000个字符');
      if (avatar && !/^(\/files\/|https?:\/\/)/.test(avatar)) throw badRequest('头像地址不正确');
      changes.avatar = avatar || null;
    }
    if (!Object.keys(changes).length) throw badRequest('没有需要修改的内容');
    await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx
        .updateTable('blade_user')
        .set({ ...changes, update_user: user.userId, update_time: formatDateTime(), version: bump })
        .where('id', '=', user.userId)
        .execute(),
    );
    return done('修改成功');
  },
};

const updatePassword: VerbHandler = {
  access: { token: true },
  async handle(request, { ctx }) {
    const user = requireUser(request);
    const p = requestParams(request);
    const [oldPassword, newPassword, newPassword1] = [
      p.oldPassword ?? '',
      p.newPassword ?? '',
      p.newPassword1 ?? '',
    ];
    if (!oldPassword || !newPassword) throw badRequest('请输入密码');
    if (newPassword !== newPassword1) throw badRequest('请输入正确的确认密码!');
    // checked and hashed before the transaction (argon2 holds no row lock)
    const newHash = await chosenPasswordHash(newPassword, user.account);
    await ctx.db.tx({ tenantId: user.tenantId }, async (trx) => {
      const row = await trx
        .selectFrom('blade_user')
        .select('password')
        .where('id', '=', user.userId)
        .executeTakeFirst();
      const given = isMd5Hex(oldPassword) ? oldPassword : md5Hex(oldPassword);
      if (!row || !(await verifyPassword(String(row.password), given))) throw badRequest('原密码不正确!');
      await trx
        .updateTable('blade_user')
        .set({ password: newHash, update_time: formatDateTime(), version: bump })
        .where('id', '=', user.userId)
        .execute();
    });
    // Every other session of the user ends (a stolen one included); this one goes on.
    await revokeUsers(ctx, [user.userId], user.sid);
    return done('修改密码成功');
  },
};

export const userProfileVerbs: Record<string, VerbHandler> = {
  'update-info': updateInfo,
  'update-password': updatePassword,
};
