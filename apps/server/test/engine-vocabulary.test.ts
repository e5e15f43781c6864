import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resources } from '@tongxin/resources';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import type { ResourceEngine } from '../src/engine/crud/resource-engine.js';
import { resourceRoutes } from '../src/engine/crud/resource-routes.js';
import type { Database } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { seed } from '../src/seed/seed.js';
import { MemoryStore } from '../src/util/kv-store.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, onPostgres, openTestDatabase } from './harness.js';
import type { ResourceHooks } from '../src/engine/crud/hooks.js';
import {
  activitySample,
  applicationSample,
  enrollSample,
  logSample,
  SAMPLE_CODES,
  vocabularySamples,
} from './vocabulary-samples.js';

// The generic engine serves what a definition says (issue 11): effect actions (ids the user may see,
// source states, nothing written when any row refuses, the reason, audit columns and version, the
// button code), read-only resources (no write routes), the filter operators a field accepts, child
// lists by their foreign key, NOT NULL columns and unique violations raised by the database as 400s.

let db: Database;
let drop: () => Promise<void>;
let app: FastifyInstance;
let config: Config;
let engines: Map<string, ResourceEngine>;
let admin: string;
let clerk: string;
let viewer: string;
let clerkId: string;

const ACTIVITY = activitySample.path;

beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  config = {
    ...loadConfig({ NODE_ENV: 'test', CAPTCHA_ENABLED: 'false' } as NodeJS.ProcessEnv),
    staticRoot: '/nonexistent',
    jwtSecret: randomBytes(32).toString('hex'),
    dataDir: mkdtempSync(path.join(tmpdir(), 'tongxin-test-')),
  };
  await migrate(db, [...resources, ...vocabularySamples]);
  await seed(db, config);
  // the samples' buttons, as a menu with its buttons
  await db.kysely.transaction().execute(async (trx) => {
    const menuId = nextId();
    await trx
      .insertInto('blade_menu')
      .values({ id: menuId, code: 'sample_root', name: '样例', category: 1 })
      .execute();
    for (const code of SAMPLE_CODES)
      await trx
        .insertInto('blade_menu')
        .values({ id: nextId(), parent_id: menuId, code, name: code, category: 2 })
        .execute();
  });
  const built = await buildApp({ config, db, store: new MemoryStore(), logger: false });
  app = built.app;
  engines = new Map(
    vocabularySamples.map((def) => [
      def.name,
      resourceRoutes(app, built.ctx, { def, hooks: def === applicationSample ? ownHooks : undefined }),
    ]),
  );
  await app.ready();
  admin = await login(app);
  ({ userId: clerkId } = await addTenantWithUser(db, {
    tenantId: '000000',
    account: 'clerk',
    menuCodes: SAMPLE_CODES,
  }));
  clerk = await login(app, { account: 'clerk', password: 'secret' });
  await addTenantWithUser(db, {
    tenantId: '000000',
    account: 'viewer',
    menuCodes: SAMPLE_CODES.filter((c) => !c.endsWith('_cancel')),
  });
  viewer = await login(app, { account: 'viewer', password: 'secret' });
});
afterAll(async () => {
  await app.close();
  await drop();
  rmSync(config.dataDir, { recursive: true, force: true });
});

/** What the application sample's hook was told about each write: own (a resident's) or not. */
const ownSeen: (boolean | undefined)[] = [];
const ownHooks: ResourceHooks = {
  async beforeWrite(args) {
    ownSeen.push(args.own);
  },
};

let seq = 0;
/** A new activity through the wire; its id. */
async function addActivity(values: Record<string, unknown> = {}): Promise<string> {
  const res = await call(app, clerk, 'POST', `${ACTIVITY}/submit`, {
    title: `活动${++seq}`,
    seats: 10,
    ...values,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}
const row = (id: string) =>
  db.kysely.selectFrom('app_sample_activity').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('effect actions', () => {
  it('cancel: asks the reason, writes the effect, the audit columns and the version', async () => {
    const id = await addActivity();
    const before = await row(id);
    const noReason = await call(app, clerk, 'POST', `${ACTIVITY}/activityCancel?ids=${id}`);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().msg).toBe('请输入取消原因');
    const long = await call(
      app,
      clerk,
      'POST',
      `${ACTIVITY}/activityCancel?ids=${id}&reason=${'长'.repeat(201)}`,
    );
    expect(long.json().msg).toBe('取消原因长度不能超过200个字符');
    const res = await call(app, clerk, 'POST', `${ACTIVITY}/activityCancel`, { ids: [id], reason: ' 下雨 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().msg).toBe('操作成功');
    const after = await row(id);
    expect(after).toMatchObject({
      activity_status: 5,
      cancel_reason: '下雨',
      version: Number(before.version) + 1,
    });
    expect(String(after.cancel_user)).toBe(clerkId);
    expect(String(after.update_user)).toBe(clerkId);
    expect(after.cancel_time).toBeTruthy();
    // read-only fields stay out of a submit
    await call(app, clerk, 'POST', `${ACTIVITY}/submit`, { id, cancelReason: '改掉', seats: 11 });
    expect((await row(id)).cancel_reason).toBe('下雨');
  });

  it('refuses the whole call, naming the row and its state, when any row is not in a source state', async () => {
    const open = await addActivity({ title: '可取消的活动' });
    const done = await addActivity({ title: '已取消的活动' });
    await call(app, clerk, 'POST', `${ACTIVITY}/activityCancel?ids=${done}&reason=先取消`);
    const [openBefore, doneBefore] = [await row(open), await row(done)];
    const res = await call(
      app,
      clerk,
      'POST',
      `${ACTIVITY}/activityCancel?ids=${open},${done}&reason=再取消`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('「已取消的活动」的活动状态为「已取消」,不能取消');
    // nothing written, not even on the row that could be cancelled
    expect(await row(open)).toEqual(openBefore);
    expect(await row(done)).toEqual(doneBefore);
  });

  it('serves a GET verb with its own id parameter, from its own source states', async () => {
    const id = await addActivity();
    const res = await call(app, clerk, 'GET', `${ACTIVITY}/publish?activityId=${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await row(id)).activity_status).toBe(1);
    const again = await call(app, clerk, 'GET', `${ACTIVITY}/publish?activityId=${id}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toMatch(/的活动状态为「报名中」,不能发布$/);
  });

  it('needs the action button code, and ids the user may see', async () => {
    const id = await addActivity();
    const denied = await call(app, viewer, 'POST', `${ACTIVITY}/activityCancel?ids=${id}&reason=x`);
    expect(denied.statusCode).toBe(403);
    // a row of another tenant is not there for the caller: nothing is written
    await addTenantWithUser(db, { tenantId: '300001', account: 'far', menuCodes: SAMPLE_CODES });
    const far = await login(app, { tenantId: '300001', account: 'far', password: 'secret' });
    const hidden = await call(app, far, 'POST', `${ACTIVITY}/activityCancel?ids=${id}&reason=x`);
    expect(hidden.statusCode).toBe(404);
    expect((await row(id)).activity_status).toBe(0);
    expect((await call(app, clerk, 'POST', `${ACTIVITY}/activityCancel?reason=x`)).json().msg).toBe(
      '请选择要操作的数据',
    );
  });
});

describe('read-only resources', () => {
  it('serve list, page, detail and export, and no write, remove or import route', () => {
    const has = (method: 'GET' | 'POST', verb: string) =>
      app.hasRoute({ method, url: `${logSample.path}/${verb}` });
    for (const verb of ['list', 'page', 'detail', 'select', 'export'])
      expect(has('GET', verb), verb).toBe(true);
    for (const verb of ['submit', 'save', 'update', 'remove', 'import'])
      expect(has('POST', verb), verb).toBe(false);
    expect(has('GET', 'export-template')).toBe(false);
  });

  it('answer 404 to a write', async () => {
    const res = await call(app, admin, 'POST', `${logSample.path}/submit`, { title: 'x' });
    expect(res.statusCode).toBe(404);
  });
});

describe('filter operators', () => {
  const list = (query: string) => call(app, clerk, 'GET', `${ACTIVITY}/page?${query}&size=100`);
  const titles = async (query: string) => {
    const res = await list(query);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data.records as { title: string }[]).map((r) => r.title).sort();
  };

  beforeAll(async () => {
    await addActivity({ title: '过滤-河边', place: '河边', startTime: '2026-05-01 09:00:00' });
    await addActivity({ title: '过滤-河边公园', place: '河边公园', startTime: '2026-05-20 09:00:00' });
  });

  it('accepts the declared operators, and contains-matching only where declared', async () => {
    expect(await titles('title_like=过滤-河边')).toEqual(['过滤-河边', '过滤-河边公园']);
    expect(await titles('title_equal=过滤-河边')).toEqual(['过滤-河边']);
    expect(await titles('title_notlike=公园&title_likeright=过滤')).toEqual(['过滤-河边']);
    // a bare key is BladeX's LIKE on a field searched with LIKE ...
    expect(await titles('title=河边')).toEqual(['过滤-河边', '过滤-河边公园']);
    // ... and the value itself on a field that is not
    expect(await titles('place=河边')).toEqual(['过滤-河边']);
    for (const q of [
      'place_like=河',
      'place_likeleft=边',
      'activityStatus_like=0',
      'title_dategt=2026-01-01',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().msg).toBe(`不支持的查询条件: ${q.split('=')[0]}`);
    }
  });

  it('keeps the narrowing operators on every field (BladeX clients, data-scope rules)', async () => {
    expect(await titles('place_equal=河边公园')).toEqual(['过滤-河边公园']);
    expect(await titles('place_likeright=河边&place_notequal=河边')).toEqual(['过滤-河边公园']);
    expect((await titles('place_null=1')).length).toBeGreaterThan(0);
    expect((await list('createTime_dategt=2000-01-01 00:00:00')).statusCode).toBe(200);
  });

  it('takes a range as _datege/_datele and the spec’s _dategt/_datelt', async () => {
    expect(await titles('startTime_datege=2026-05-01&startTime_datele=2026-05-10 23:59:59')).toEqual([
      '过滤-河边',
    ]);
    expect(await titles('startTime_dategt=2026-05-01 09:00:00&startTime_datelt=2026-06-01')).toEqual([
      '过滤-河边公园',
    ]);
    expect((await list('startTime_datege=yesterday')).statusCode).toBe(400);
  });
});

describe('child lists', () => {
  it('list the rows of one parent by the foreign key', async () => {
    const a = await addActivity();
    const b = await addActivity();
    for (const [activityId, userName] of [
      [a, '甲'],
      [a, '乙'],
      [b, '丙'],
    ])
      expect(
        (await call(app, clerk, 'POST', `${enrollSample.path}/submit`, { activityId, userName })).statusCode,
      ).toBe(200);
    const res = await call(app, clerk, 'GET', `${enrollSample.path}/list?activityId_equal=${a}`);
    expect((res.json().data.records as { userName: string }[]).map((r) => r.userName).sort()).toEqual([
      '乙',
      '甲',
    ]);
  });
});

describe('NOT NULL columns', () => {
  it('an empty value takes the field default, or is asked for; never a database error', async () => {
    const id = await addActivity({ activityStatus: '' });
    expect((await row(id)).activity_status).toBe(0);
    const blank = await call(app, clerk, 'POST', `${ACTIVITY}/submit`, { title: '没有名额', seats: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('请输入名额');
    const missing = await call(app, clerk, 'POST', `${ACTIVITY}/submit`, { title: '也没有名额' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请输入名额');
    const edit = await call(app, clerk, 'POST', `${ACTIVITY}/submit`, { id, activityStatus: '', seats: '' });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().msg).toBe('请输入名额');
  });
});

describe('unique violations raised by the database', () => {
  it('answer the field’s unique message when both saves passed the check (no 500)', async () => {
    await addActivity({ title: '同时保存' });
    const engine = engines.get(activitySample.name)!;
    const check = engine.uniqueCheck;
    // the second of two saves at once: its check ran before the first committed
    engine.uniqueCheck = async () => undefined;
    try {
      const res = await call(app, clerk, 'POST', `${ACTIVITY}/submit`, { title: '同时保存', seats: 1 });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe('活动标题已存在');
    } finally {
      engine.uniqueCheck = check;
    }
  });

  it.runIf(onPostgres)('answer it for a real race on PostgreSQL', async () => {
    // another session inserts the title and holds its transaction open while the request saves: the
    // request's check cannot see that row, its insert waits on the unique index, then fails
    await db.kysely.connection().execute(async (other) => {
      await sql`begin`.execute(other);
      await sql`insert into app_sample_activity (id, tenant_id, title, activity_status, seats)
        values (${nextId()}, '000000', '赛跑', 0, 1)`.execute(other);
      const pending = call(app, clerk, 'POST', `${ACTIVITY}/submit`, { title: '赛跑', seats: 1 });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await sql`commit`.execute(other);
      const res = await pending;
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toBe('活动标题已存在');
    });
  });
});

describe('records residents file for themselves (own, editableWhen, an owner’s action)', () => {
  const APP = applicationSample.path;
  const stored = (id: string) =>
    db.kysely.selectFrom('app_sample_application').selectAll().where('id', '=', id).executeTakeFirst();
  let zhuoma: string;
  let zhuomaId: string;
  let dawa: string;

  beforeAll(async () => {
    ({ userId: zhuomaId } = await addTenantWithUser(db, {
      tenantId: '000000',
      account: 'zhuoma',
      menuCodes: [],
    }));
    zhuoma = await login(app, { account: 'zhuoma', password: 'secret' });
    await addTenantWithUser(db, { tenantId: '000000', account: 'dawa', menuCodes: [] });
    dawa = await login(app, { account: 'dawa', password: 'secret' });
  });

  it('takes a resident’s own record without a button, and refuses one for somebody else', async () => {
    ownSeen.length = 0;
    const res = await call(app, zhuoma, 'POST', `${APP}/submit`, { subject: '入住认证' });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as string;
    expect(String((await stored(id))?.applicant_id)).toBe(zhuomaId);
    expect(ownSeen).toEqual([true]);
    const forOther = await call(app, zhuoma, 'POST', `${APP}/submit`, {
      subject: '代办',
      applicantId: clerkId,
    });
    expect([forOther.statusCode, forOther.json().msg]).toEqual([403, '只能提交本人的记录']);
    const count = await db.kysely
      .selectFrom('app_sample_application')
      .select('id')
      .where('subject', '=', '代办')
      .execute();
    expect(count).toEqual([]);
    // the back office writes for anyone, with its buttons; the hooks are not told it is an owner's
    const entered = await call(app, clerk, 'POST', `${APP}/submit`, {
      subject: '代办',
      applicantId: zhuomaId,
    });
    expect(entered.statusCode, entered.body).toBe(200);
    expect(ownSeen).toEqual([true, undefined]);
  });

  it('changes only the resident’s own record, and only while its state allows', async () => {
    const id = (await call(app, zhuoma, 'POST', `${APP}/submit`, { subject: '信息变更' })).json().data.id;
    const own = await call(app, zhuoma, 'POST', `${APP}/submit`, { id, subject: '信息变更(补充)' });
    expect(own.statusCode, own.body).toBe(200);
    const other = await call(app, dawa, 'POST', `${APP}/submit`, { id, subject: '冒改' });
    expect(other.statusCode, other.body).toBe(404);
    expect((await stored(id))?.subject).toBe('信息变更(补充)');
    await db.kysely.updateTable('app_sample_application').set({ state: 1 }).where('id', '=', id).execute();
    for (const token of [zhuoma, clerk]) {
      const decided = await call(app, token, 'POST', `${APP}/submit`, { id, subject: '改判' });
      expect([decided.statusCode, decided.json().msg]).toEqual([
        400,
        '「信息变更(补充)」的审核状态为「已通过」,不能修改',
      ]);
    }
    expect((await stored(id))?.subject).toBe('信息变更(补充)');
  });

  it('lets the applicant alone run the owner’s action, from its source states', async () => {
    const id = (await call(app, zhuoma, 'POST', `${APP}/submit`, { subject: '迁出' })).json().data.id;
    const other = await call(app, dawa, 'POST', `${APP}/withdraw?ids=${id}`);
    expect([other.statusCode, other.json().msg]).toEqual([403, '只能操作本人的数据']);
    const byClerk = await call(app, clerk, 'POST', `${APP}/withdraw?ids=${id}`);
    expect(byClerk.statusCode).toBe(403);
    expect((await stored(id))?.state).toBe(0);
    expect((await call(app, zhuoma, 'POST', `${APP}/withdraw?ids=${id}`)).statusCode).toBe(200);
    expect((await stored(id))?.state).toBe(3);
    const again = await call(app, zhuoma, 'POST', `${APP}/withdraw?ids=${id}`);
    expect([again.statusCode, again.json().msg]).toEqual([400, '「迁出」的审核状态为「已撤回」,不能撤回']);
  });
});
