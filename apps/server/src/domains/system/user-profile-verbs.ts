/** The caller's own profile and password (any signed-in user). */
import { userResource } from '@tongxin/resources';
import { requireUser } from '../../auth/guard.js';
import { isMd5Hex, md5Hex, verifyPassword } from '../../auth/passwords.js';
import { revokeUsers } from '../../auth/revoke-users.js';
import { validateBody } from '../../engine/crud/validate.js';
import type { VerbHandler } from '../../engine/module.js';
import { badRequest, done, ok } from '../../http/envelope.js';
import { readChanges } from '../../profile/profile-change.js';
import { submitForReview } from '../../profile/profile-review.js';
import { requestParams } from '../../http/params.js';
import { formatDateTime } from '../../util/datetime.js';
import { bump, chosenPasswordHash } from './accounts.js';

/** What a user may change of their own record (update-info), checked by the definition's rules. */
const PROFILE_FIELDS = ['name', 'realName', 'phone', 'email'];

/** user_type of a resident's (App) account. */
const RESIDENT = 2;

/** The avatar of the call (null: cleared), when it names one: an uploaded file or a web address. */
function avatarOf(b: Record<string, unknown>): string | null | undefined {
  if (b.avatar === undefined) return undefined;
  const avatar = b.avatar === null ? '' : String(b.avatar).trim();
  if (avatar.length > 2000) throw badRequest('头像长度不能超过2000个字符');
  if (avatar && !/^(\/files\/|https?:\/\/)/.test(avatar)) throw badRequest('头像地址不正确');
  return avatar || null;
}

/**
 * 个人信息 (update-info): the caller's own name, real name, phone, email and avatar.
 *
 * A resident's (App account's) identity — real name, phone, email — is what their complaints, points and
 * household records are filed under, so it changes only through 资料审核: the call files a profile change
 * that a reviewer decides (the same request the App's 资料修改 makes) and answers 资料修改已提交，等待审核;
 * nickname and avatar still change at once. Staff accounts (WEB) edit their own contact details at once,
 * as BladeX's 个人信息 does: an administrator created and placed them (dept, roles and posts change only
 * in 用户管理), their name is not the identity any service is granted on, and the change is kept in
 * 操作审计.
 */
const updateInfo: VerbHandler = {
  access: { token: true },
  async handle(request, engine) {
    const { ctx } = engine;
    const user = requireUser(request);
    const b = (request.body ?? {}) as Record<string, unknown>;
    const given = Object.fromEntries(PROFILE_FIELDS.filter((k) => Object.hasOwn(b, k)).map((k) => [k, b[k]]));
    const changes = validateBody(userResource, given, false);
    const avatar = avatarOf(b);
    if (avatar !== undefined) changes.avatar = avatar;
    if (!Object.keys(changes).length) throw badRequest('没有需要修改的内容');
    const account = await ctx.db.tx({ tenantId: user.tenantId }, (trx) =>
      trx.selectFrom('blade_user').selectAll().where('id', '=', user.userId).executeTakeFirst(),
    );
    if (!account) throw badRequest('用户不存在');
    if (Number(account.user_type) === RESIDENT) {
      const origin = { client_ip: request.ip.slice(0, 64), client_type: 4 };
      const asked = readChanges({ ...given, ...(avatar !== undefined ? { avatar: avatar ?? '' } : {}) });
      const result = await submitForReview(ctx, user, asked, origin);
      return ok(result, result.needAudit ? '资料修改已提交，等待审核' : '修改成功');
    }
    await engine.tx(user, async (trx) => {
      const set = { ...changes, update_user: user.userId, update_time: formatDateTime(), version: bump };
      await trx.updateTable('blade_user').set(set).where('id', '=', user.userId).execute();
      engine.audit.note(trx, user, 'update', user.userId, account, changes);
    });
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
