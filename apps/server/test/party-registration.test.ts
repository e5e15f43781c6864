import { partyArchiveResource } from '@tongxin/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';
import { sampleBody } from './samples.js';

// 党员认证 (saveArchive2user): a resident registers themself without the back office's add button; the
// record names their own account, waits for the PartyArchive audit, and is not sent twice.
let s: TestServer;
let admin: string;
let resident: string;
let residentId: string;
const ALIAS = '/api/app-party-archive/partyarchive2user';

const idCard = (n: number) => {
  const body17 = `54010219850101${String(n).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body17].reduce((acc, d, i) => acc + Number(d) * weights[i]!, 0);
  return body17 + '10X98765432'[sum % 11]!;
};

beforeAll(async () => {
  s = await startTestServer();
  admin = await login(s.app);
  const made = await addTenantWithUser(s.db, { tenantId: '000000', account: 'applicant', menuCodes: [] });
  residentId = made.userId;
  await s.db.kysely.updateTable('blade_user').set({ user_type: 2 }).where('id', '=', residentId).execute();
  resident = await login(s.app, { account: 'applicant', password: 'secret' });
});
afterAll(() => s.close());

describe('a resident registering as a party member', () => {
  it('needs no add button, names the caller, enters the audit and is not sent twice', async () => {
    const body = {
      ...(await sampleBody(s.app, admin, partyArchiveResource)),
      name: '格桑',
      idCard: idCard(1),
    };
    // the back office's save needs its add button
    expect((await call(s.app, resident, 'POST', `${ALIAS}/save`, body)).statusCode).toBe(403);
    const res = await call(s.app, resident, 'POST', `${ALIAS}/saveArchive2user`, {
      ...body,
      appUserId: '1',
      applySource: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = String(res.json().data.id);
    const row = await s.db.kysely
      .selectFrom('app_party_archive')
      .select(['app_user_id', 'apply_source', 'audit_status', 'process_instance_id', 'create_user'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect([String(row.app_user_id), Number(row.apply_source), Number(row.audit_status)]).toEqual([
      residentId,
      1,
      0,
    ]);
    expect(row.process_instance_id).toBeTruthy();
    expect(String(row.create_user)).toBe(residentId);
    const twice = await call(s.app, resident, 'POST', `${ALIAS}/saveArchive2user`, {
      ...body,
      idCard: idCard(2),
    });
    expect([twice.statusCode, twice.json().msg]).toEqual([400, '您的党员认证正在审核中，请勿重复提交']);
    // refused by the audit, the resident may register again
    await s.db.kysely
      .updateTable('app_party_archive')
      .set({ audit_status: 2 })
      .where('id', '=', id)
      .execute();
    const again = await call(s.app, resident, 'POST', `${ALIAS}/saveArchive2user`, {
      ...body,
      idCard: idCard(3),
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const before = await s.db.kysely.selectFrom('app_party_archive').select('id').execute();
    const bad = await call(s.app, resident, 'POST', `${ALIAS}/saveArchive2user`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toMatch(/不能为空|请输入|请选择/);
    expect(await s.db.kysely.selectFrom('app_party_archive').select('id').execute()).toHaveLength(
      before.length,
    );
    expect(
      (await s.app.inject({ method: 'POST', url: `${ALIAS}/saveArchive2user`, payload: {} })).statusCode,
    ).toBe(401);
  });
});
