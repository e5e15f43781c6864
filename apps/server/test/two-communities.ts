import { PLATFORM_TENANT } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { addTenantWithUser } from './fixtures.js';
import { login, type TestServer } from './harness.js';
import { grantScopes } from './scoped-world.js';

// Two communities of the platform tenant, a resident in each and a grid worker of the first: the grid
// worker's role (alias `grid`, a candidate of the tickets' approval steps) holds every menu and button
// and a 本部门 data-scope rule on the resources a test names, so only the scope can refuse them the
// second community's records.

export interface Person {
  userId: string;
  token: string;
}

export interface TwoCommunities {
  c1: string;
  c2: string;
  /** the grid worker of c1 */
  grid: Person & { roleId: string };
  /** a resident of each community */
  residents: { c1: Person; c2: Person };
}

export async function twoCommunities(s: TestServer, scoped: readonly string[]): Promise<TwoCommunities> {
  const root = await s.db.kysely
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', PLATFORM_TENANT)
    .where('parent_id', '=', 0)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const [c1, c2] = [nextId(), nextId()];
  await s.db.kysely
    .insertInto('blade_dept')
    .values(
      [
        [c1, '一社区'],
        [c2, '二社区'],
      ].map(([id, name]) => ({
        id,
        tenant_id: PLATFORM_TENANT,
        parent_id: root.id,
        ancestors: `0,${String(root.id)}`,
        dept_name: name,
        dept_category: 3,
      })),
    )
    .execute();
  const menuCodes = (await s.db.kysely.selectFrom('blade_menu').select('code').execute()).map((m) =>
    String(m.code),
  );
  const account = `grid${nextId().slice(-6)}`;
  const grid = await addTenantWithUser(s.db, {
    tenantId: PLATFORM_TENANT,
    account,
    menuCodes,
    alias: 'grid',
  });
  await s.db.kysely.updateTable('blade_user').set({ dept_id: c1 }).where('id', '=', grid.userId).execute();
  await grantScopes(s, PLATFORM_TENANT, grid.roleId, scoped);
  const resident = async (deptId: string): Promise<Person> => {
    const name = `res${nextId().slice(-6)}`;
    const { userId } = await addTenantWithUser(s.db, {
      tenantId: PLATFORM_TENANT,
      account: name,
      menuCodes: [],
    });
    await s.db.kysely
      .updateTable('blade_user')
      .set({ user_type: 2, dept_id: deptId, real_name: `居民${name}`, phone: '13900000000' })
      .where('id', '=', userId)
      .execute();
    return { userId, token: await login(s.app, { account: name, password: 'secret' }) };
  };
  return {
    c1,
    c2,
    grid: {
      userId: grid.userId,
      roleId: grid.roleId,
      // signed in once placed in c1 (the token carries the depts)
      token: await login(s.app, { account, password: 'secret' }),
    },
    residents: { c1: await resident(c1), c2: await resident(c2) },
  };
}
