import { processesOf, type ResourceDef, resources } from '@tongxin/resources';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { type CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../src/db/ids.js';
import { call, startTestServer, type TestServer } from './harness.js';
import { scopedWorld, type ScopedWorld } from './scoped-world.js';

// The route-scope test: every registered /api route that takes a record id or task id, called by a
// dept-scoped staff member (every menu and button, a 本部门 rule on every tenant-owned definition,
// candidate of every approval step: scoped-world.ts) with the id of a record outside their scope,
// refuses it and changes nothing.
//
// Which routes take an id (the rule): each route is called once with every id-like parameter name
// (`id`, `ids`, and camelCase names ending in `Id`/`Ids`: every such field of every definition, every
// `<definition>Id`, taskId, processInstanceId, businessId, userId ...) in its query and, for a write,
// its body, each with a value of its own; a name whose value reaches the database as a bound value is
// a parameter the route takes. The route is then called with every out-of-scope record those names can
// name, and again when a call shows further names taken:
//   id, ids, businessId, parentId,      a record of the route's definition (the longest definition path
//   <definition>Id, <its last word>Id,  the URL starts with, or the definition an alias path serves) or of
//   the name a reference to it has      a definition referring to it (a questionnaire's answer sheets);
//                                       off any definition's path: every record
//   taskId, processInstanceId           a record's waiting task and its instance (of the route's definition
//                                       when it has tasks, else of any)
//   userId, appUserId, <x>UserId ...    a user (staff or resident);  deptId, communityId, <x>DeptId: a dept
//   <name>Id, <name>Ids                 a record of the definition called <name>, or of the definition a
//                                       field of that name on the route's definition refers to
// A call carries every id of one record under the names the route takes (its own id, its task and
// instance, its references under their field names) and, for a write, the record's other fields as the
// body, so a route needing several finds them consistent.
//
// Not called: the routes in EXEMPT, each with its reason. Not aimed at: names in NOT_RECORDS (with their
// reasons) and the member's own session row.
//
// Refused means: 4xx, or 2xx whose answer holds no out-of-scope row (no object whose `id` is one, an
// export without rows); never 5xx. After each route, no out-of-scope record, nor its task, instance or
// history, changed, and no new row of any tenant table names one.

/** A parameter naming a record. */
const ID_PARAM = /^(ids?|[a-z][A-Za-z0-9]*Ids?)$/;

/** Parameter names that never name a tenant's data-scoped record, and why. */
const NOT_RECORDS: Record<string, string> = {
  tenantId: 'a tenant code: the tenant guard decides, not data scope (cross-tenant-matrix.test.ts)',
  processDefinitionId: "a deployed process definition: the tenant's workflow configuration, not a row",
  startActivityId: 'a BPMN activity of a process definition',
  endActivityId: 'a BPMN activity of a process definition',
  menuId: 'menus and buttons are platform rows, granted by role, not data-scoped',
  menuIds: 'menus and buttons are platform rows, granted by role, not data-scoped',
  appId: "a provider's application code (SMS, object storage), not a row",
  templateId: "an SMS provider's template code, not a row",
  platformDeviceId: "a device's code on the Hikvision platform, not a row",
  productId: "a device's product code on the Hikvision platform, not a row",
};

/** Routes not called, and why. */
const EXEMPT: Record<string, string> = {
  'POST /api/blade-auth/oauth/token': 'sign-in: names an account by its name, no record id',
  'GET /api/blade-auth/oauth/logout': 'ends the session this test calls with; reads no record',
  'POST /api/blade-auth/oauth/logout': 'ends the session this test calls with; reads no record',
  'GET /api/blade-system/openapi/json': 'the API document (5 MB), for the platform administrator only',
};

/** Out-of-scope records tried per definition. */
const PER_DEFINITION = 3;

interface Target {
  def: ResourceDef;
  id: string;
  /** the record as its administrator's detail answers it */
  row: Record<string, unknown>;
  taskId?: string;
  instanceId?: string;
}

let s: TestServer;
let world: ScopedWorld;
let targets: Target[];
let outOfScope: Set<string>;
/** The definition each route's URL belongs to (alias paths by their generated routes' tags). */
let defOfBase: Map<string, ResourceDef>;

const byName = new Map(resources.map((d) => [d.name.toLowerCase(), d]));
const lastWord = (def: ResourceDef) => def.name.match(/[A-Z]?[a-z0-9]+$/)?.[0]?.toLowerCase();
const referencing = (def: ResourceDef) =>
  resources.filter((d) => d.fields.some((f) => f.ref?.resource === def.name));
const baseOf = (url: string) => url.slice(0, url.lastIndexOf('/'));

/** Every id-like parameter name routes may read, each with a value of its own. */
const SENTINELS = new Map<string, string>();
for (const name of [
  'id',
  'ids',
  'taskId',
  'processInstanceId',
  'businessId',
  'userId',
  'userIds',
  'appUserId',
  ...resources.flatMap((d) => [`${d.name}Id`, `${lastWord(d)}Id`, ...d.fields.map((f) => f.name)]),
]) {
  if (ID_PARAM.test(name) && !NOT_RECORDS[name] && !SENTINELS.has(name))
    SENTINELS.set(name, `7770000000000${String(SENTINELS.size).padStart(5, '0')}`);
}

const USER_KEY = /^(userIds?|appUserId|[a-z][A-Za-z]*UserIds?|operatorId|receiverId)$/;
const DEPT_KEY = /^(deptIds?|communityIds?|[a-z][A-Za-z]*(Dept|Community)Ids?)$/;

/** The records a name can give a route (the rule above), or undefined when it names nothing known. */
function targetsFor(key: string, own: ResourceDef | undefined): Target[] | undefined {
  const of = (defs: (ResourceDef | undefined)[]) => targets.filter((t) => defs.includes(t.def));
  const base = key.replace(/Ids?$/, '');
  if (['id', 'ids', 'businessId', 'parentId'].includes(key))
    return own ? of([own, ...referencing(own)]) : targets;
  // the route's definition by its name, its last word, or the name other definitions refer to it by
  // (an enrolment's activityId names its volunteer activity)
  const namesOwn =
    own &&
    (base === own.name ||
      base.toLowerCase() === lastWord(own) ||
      referencing(own).some((d) => d.fields.some((f) => f.name === key && f.ref?.resource === own.name)));
  if (namesOwn) return of([own, ...referencing(own)]);
  if (key === 'taskId' || key === 'processInstanceId') {
    const tasked = targets.filter((t) => t.taskId);
    const mine = own ? tasked.filter((t) => t.def === own) : [];
    return mine.length ? mine : tasked;
  }
  if (USER_KEY.test(key)) return of([byName.get('user')]);
  if (DEPT_KEY.test(key)) return of([byName.get('dept')]);
  const viaField = own?.fields.find((f) => f.name === key && f.ref)?.ref?.resource;
  const def = byName.get(base.toLowerCase()) ?? (viaField ? byName.get(viaField.toLowerCase()) : undefined);
  return def ? of([def]) : undefined;
}

/** Every id of one record under the names routes read them by. */
function paramsOf(t: Target): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t.row))
    if (ID_PARAM.test(k) && (typeof v === 'string' || typeof v === 'number')) out[k] = String(v);
  Object.assign(out, { id: t.id, ids: t.id, businessId: t.id, parentId: t.id, [`${t.def.name}Id`]: t.id });
  out[`${lastWord(t.def)}Id`] = t.id;
  if (t.def.name === 'user') Object.assign(out, { userId: t.id, userIds: t.id, appUserId: t.id });
  else if (typeof t.row.appUserId === 'string') out.userId = t.row.appUserId;
  if (t.taskId) Object.assign(out, { taskId: t.taskId, processInstanceId: t.instanceId! });
  return out;
}

/** Calls a route as the scoped member with `params` in its query (and its body, with `fields`, for a
 * write); returns the answer and the parameter names whose values reached the database. */
async function send(method: string, url: string, params: Record<string, string>, fields = {}) {
  const query = new URLSearchParams(params).toString();
  const body = method === 'GET' ? undefined : { ...fields, ...params };
  const used = new Set<string>();
  const values = Object.entries(params);
  s.db.observer = (q: CompiledQuery) => {
    if (q.sql.includes('blade_log_')) return; // the request log holds every query string
    const bound = JSON.stringify(q.parameters);
    for (const [k, v] of values) if (bound.includes(v)) used.add(k);
  };
  try {
    const res = await call(s.app, world.scoped.token, method as 'GET', query ? `${url}?${query}` : url, body);
    return { res, used };
  } finally {
    s.db.observer = undefined;
  }
}

/** An object of the answer whose `id` is an out-of-scope record's. */
function leakedRow(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const hit = leakedRow(v);
      if (hit) return hit;
    }
  } else if (value && typeof value === 'object') {
    const id = (value as Record<string, unknown>).id;
    if (id !== undefined && outOfScope.has(String(id))) return String(id);
    for (const v of Object.values(value)) {
      const hit = leakedRow(v);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** Why an answer is not a refusal, or undefined when it is one. */
async function notRefused(res: LightMyRequestResponse): Promise<string | undefined> {
  if (res.statusCode === 401) throw new Error(`the scoped session ended: ${res.body}`);
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) return undefined;
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('spreadsheetml')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.rowCount ?? 1) - 1;
    return rows > 0 ? `an export of ${rows} rows` : undefined;
  }
  if (!type.includes('json')) return undefined;
  const leaked = leakedRow(res.json());
  return leaked ? `${res.statusCode} with record ${leaked}: ${res.body.slice(0, 200)}` : undefined;
}

interface RouteCheck {
  keys: Set<string>;
  calls: number;
  failures: string[];
  unmapped: string[];
}

/** Calls one route with every out-of-scope record the names it takes can give, until no call shows a
 * further name taken. */
async function checkRoute(method: string, url: string): Promise<RouteCheck> {
  const own = byPath.find((d) => url.startsWith(`${d.path}/`)) ?? defOfBase.get(baseOf(url));
  const out: RouteCheck = { keys: new Set(), calls: 0, failures: [], unmapped: [] };
  let fresh = [...(await send(method, url, Object.fromEntries(SENTINELS))).used];
  while (fresh.length) {
    for (const k of fresh) out.keys.add(k);
    const candidates = new Set<Target>();
    for (const key of out.keys) {
      const named = targetsFor(key, own);
      if (!named && !out.unmapped.includes(key)) out.unmapped.push(key);
      for (const t of named ?? []) candidates.add(t);
    }
    const found = new Set<string>();
    for (const t of candidates) {
      const all = paramsOf(t);
      const params = Object.fromEntries([...out.keys].filter((k) => all[k]).map((k) => [k, all[k]!]));
      // for a write, the record's own fields as the body; sentinels for the names it cannot fill
      const rest = Object.fromEntries([...SENTINELS].filter(([k]) => !(k in params)));
      const fields = Object.fromEntries(Object.entries(t.row).filter(([k]) => !ID_PARAM.test(k)));
      out.calls++;
      const { res } = await send(method, url, params, fields);
      const why = await notRefused(res);
      if (why) out.failures.push(`${method} ${url} [${t.def.name} ${t.id}]: ${why}`);
      // names the route takes once these are given (read after a first check passed)
      const { used } = await send(method, url, { ...rest, ...params }, fields);
      for (const k of used) if (!out.keys.has(k) && !(k in params)) found.add(k);
    }
    fresh = [...found];
  }
  return out;
}

const byPath = [...resources].sort((a, b) => b.path.length - a.path.length);

/** What out-of-scope records are as stored: the rows, their tasks, instances and history. */
async function stored(): Promise<string> {
  const byTable = new Map<string, string[]>();
  for (const t of targets) byTable.set(t.def.table, [...(byTable.get(t.def.table) ?? []), t.id]);
  const instances = targets.flatMap((t) => (t.instanceId ? [t.instanceId] : []));
  const parts = [...byTable].map(
    ([table, ids]) =>
      sql<{ r: string }>`select x::text as r from ${sql.table(table)} x where x.id in (${sql.join(ids)})`,
  );
  for (const table of ['flow_task', 'flow_comment'])
    parts.push(
      sql<{
        r: string;
      }>`select x::text as r from ${sql.table(table)} x where x.process_instance_id in (${sql.join(instances)})`,
    );
  parts.push(
    sql<{
      r: string;
    }>`select x::text as r from flow_process_instance x where x.id in (${sql.join(instances)})`,
  );
  const { rows } = await sql<{ r: string }>`${sql.join(parts, sql` union all `)}`.execute(s.db.kysely);
  return rows
    .map((r) => r.r)
    .sort()
    .join('\n');
}

let tables: string[];
/** New rows of any tenant table (ids are increasing) naming an out-of-scope record. */
async function newRowsNamingTargets(since: string): Promise<string[]> {
  await s.ctx.logs.flush();
  const parts = tables.map(
    (t) =>
      sql<{
        t: string;
        r: string;
      }>`select ${t} as t, x::text as r from ${sql.table(t)} x where x.id > ${since} and x.tenant_id = ${world.tenant.tenantId}`,
  );
  const { rows } = await sql<{ t: string; r: string }>`${sql.join(parts, sql` union all `)}`.execute(
    s.db.kysely,
  );
  return rows.filter((r) => [...outOfScope].some((id) => r.r.includes(id))).map((r) => `${r.t}: ${r.r}`);
}

beforeAll(async () => {
  s = await startTestServer();
  world = await scopedWorld(s, [
    ...new Set(resources.flatMap((d) => processesOf(d).flatMap((p) => p.groups.split(',')))),
  ]);
  const { tenantId } = world.tenant;
  const doc = s.app.swagger() as { paths: Record<string, Record<string, { tags?: string[] }>> };
  defOfBase = new Map();
  for (const [path, ops] of Object.entries(doc.paths)) {
    const tag = Object.values(ops)[0]?.tags?.[0];
    const def = tag ? byName.get(tag.toLowerCase()) : undefined;
    if (def && !defOfBase.has(baseOf(path))) defOfBase.set(baseOf(path), def);
  }
  targets = [];
  for (const def of resources.filter((d) => d.tenant)) {
    const all = await s.db.kysely
      .selectFrom(def.table)
      .select('id')
      .where('tenant_id', '=', tenantId)
      .execute();
    // the records the world made first, then those made along as references: a few per definition
    const made = world.made.get(def.name) ?? [];
    const ids = [...made, ...all.map((r) => String(r.id)).filter((id) => !made.includes(id))];
    for (const id of ids.slice(0, PER_DEFINITION)) {
      const url = `${def.path}/detail?id=${id}`;
      const seen = await call(s.app, world.scoped.token, 'GET', url);
      const admin = await call(s.app, world.tenant.token, 'GET', url);
      if (seen.statusCode === 200 || admin.statusCode !== 200) continue;
      // the member's own session (its last-seen time moves as they call)
      if (Object.values(admin.json().data).includes(world.scoped.userId)) continue;
      targets.push({ def, id, row: admin.json().data });
    }
  }
  const tasks = await s.db.kysely
    .selectFrom('flow_task as t')
    .innerJoin('flow_process_instance as i', 'i.id', 't.process_instance_id')
    .select(['t.id', 'i.id as instance', 'i.business_id'])
    .where('t.tenant_id', '=', tenantId)
    .where('t.status', '=', 'active')
    .execute();
  for (const task of tasks) {
    const t = targets.find((x) => x.id === String(task.business_id));
    if (t && !t.taskId) Object.assign(t, { taskId: String(task.id), instanceId: String(task.instance) });
  }
  outOfScope = new Set(targets.flatMap((t) => [t.id, ...(t.taskId ? [t.taskId, t.instanceId!] : [])]));
  const withTenant = await sql<{ table_name: string }>`select table_name from information_schema.columns
    where column_name in ('tenant_id', 'id') and table_schema = current_schema()
    group by table_name having count(*) = 2`.execute(s.db.kysely);
  tables = withTenant.rows
    .map((r) => r.table_name)
    .filter((t) => !t.startsWith('blade_log_'))
    .sort();
}, 600_000);
afterAll(() => s.close());

describe('data scope on every route that takes a record id', () => {
  it('has out-of-scope records of every kind to aim at', () => {
    if (process.env.ROUTE_SCOPE_DEBUG)
      console.log(targets.map((t) => `${t.def.name} ${t.id} ${t.taskId ?? ''}`).join('\n'));
    expect(targets.length).toBeGreaterThan(100);
    expect(targets.filter((t) => t.taskId).length).toBeGreaterThan(8);
    for (const name of ['sysComplain', 'questionnaireUser', 'user', 'household'])
      expect(targets.some((t) => t.def.name === name)).toBe(true);
    expect(targets.some((t) => t.def.name === 'sysComplain' && t.taskId)).toBe(true);
    expect(targets.some((t) => t.id === world.residentId)).toBe(true);
  });

  it('refuses out-of-scope records and changes nothing', { timeout: 900_000 }, async () => {
    const routes = s.app.accessTable.filter((r) => r.method !== 'HEAD' && !EXEMPT[`${r.method} ${r.url}`]);
    const failures: string[] = [];
    const unmapped: string[] = [];
    let checked = 0;
    let calls = 0;
    let before = await stored();
    for (const { method, url } of routes) {
      const since = nextId();
      const route = await checkRoute(method, url);
      if (route.keys.size) checked++;
      if (process.env.ROUTE_SCOPE_DEBUG)
        console.log(`${method} ${url} keys=${[...route.keys].join(',')} calls=${route.calls}`);
      calls += route.calls;
      failures.push(...route.failures);
      unmapped.push(...route.unmapped.map((k) => `${method} ${url}: ${k}`));
      const named = await newRowsNamingTargets(since);
      if (named.length) failures.push(`${method} ${url}: wrote ${named.join('; ').slice(0, 300)}`);
      const now = await stored();
      if (now !== before) {
        const was = new Set(before.split('\n'));
        const diff = now.split('\n').filter((r) => !was.has(r));
        failures.push(`${method} ${url}: changed ${diff.join('; ').slice(0, 300)}`);
      }
      before = now;
    }
    console.log(`route-scope: ${checked} routes take a record id, ${calls} out-of-scope calls`);
    if (failures.length) console.log(failures.join('\n'));
    expect(unmapped).toEqual([]);
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });
});
