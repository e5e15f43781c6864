// A domain's behaviour is a value handed to buildApp (engine/module.ts): domain() pairs a definition list
// with its behaviour, buildApp serves the domains it is given, and a resource module's approval handler
// and the approval start on insert are wired from the modules, not from a registry.
import { defineResource, partyArchiveResource, partyDutyResource, partyResources } from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDomains, partyDomain, systemDomain } from '../src/domains/index.js';
import { Approvals } from '../src/engine/approval/approvals.js';
import type { ApprovalStep } from '../src/engine/approval/outcomes.js';
import { domain, type ResourceModule } from '../src/engine/module.js';
import { addTenantWithUser } from './fixtures.js';
import { call, login, startTestServer, type TestServer } from './harness.js';

const label = { zh: '测试', en: 'Test' };
const archiveDef = defineResource({
  name: 'moduleArchive',
  label,
  path: '/api/test-module/archive',
  table: 'test_module_archive',
  permission: 'party_archive',
  tenant: true,
  audit: true,
  softDelete: true,
  process: partyArchiveResource.process,
  fields: [{ name: 'realName', kind: 'string', label }],
});

describe('domain()', () => {
  it('attaches behaviour by definition name, in the order of the list', () => {
    const hooks = { params: ['deptId'] };
    const party = domain('party', partyResources, { partyDuty: { hooks } });
    expect(party.name).toBe('party');
    expect(party.resources.map((m) => m.def)).toEqual(partyResources);
    expect(party.resources.find((m) => m.def.name === 'partyDuty')?.hooks).toBe(hooks);
  });

  it('fails at startup on behaviour for a definition its list lacks', () => {
    expect(() => domain('party', partyResources, { partyDutty: { hooks: {} } })).toThrow(
      'domain party: behaviour for definitions not in its list: partyDutty',
    );
  });

  it('takes an approval handler only on a definition with a process, one per process', () => {
    const plain = partyDutyResource;
    expect(() => new Approvals([{ def: plain, approval: {} }], [])).toThrow(
      `${plain.name}: an approval handler needs a process on the definition`,
    );
    const twice: ResourceModule[] = [
      { def: archiveDef, approval: {} },
      { def: { ...archiveDef, name: 'moduleArchive2' }, approval: {} },
    ];
    expect(() => new Approvals(twice, [])).toThrow(
      'moduleArchive2: process PartyArchive already has an approval handler',
    );
  });
});

describe('a server of the system domain only', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({}, undefined, undefined, [systemDomain]);
  });
  afterAll(() => s?.close());

  it('serves the domains it is given and no other', async () => {
    const admin = await login(s.app);
    expect((await call(s.app, admin, 'GET', '/api/blade-user/page')).statusCode).toBe(200);
    expect((await call(s.app, admin, 'GET', '/api/blade-system/menu/routes')).statusCode).toBe(200);
    expect((await call(s.app, admin, 'GET', '/api/app-party-duty/partyduty/page')).statusCode).toBe(404);
    expect((await call(s.app, admin, 'GET', '/api/blade-flow/model/list')).statusCode).toBe(404);
  });
});

describe('a resource module with a process', () => {
  let s: TestServer;
  const steps: Pick<ApprovalStep, 'outcome' | 'auditStatus' | 'processKey'>[] = [];
  const archive: ResourceModule = {
    def: archiveDef,
    approval: {
      // This process moves its own state: the audit columns stay as they are.
      audit: false,
      async onStep(step) {
        steps.push({ outcome: step.outcome, auditStatus: step.auditStatus, processKey: step.processKey });
        // In the completing transaction: the change commits with the step.
        await step.trx
          .updateTable(step.table)
          .set({ real_name: `已处理:${step.outcome}` })
          .where('id', '=', step.businessId)
          .execute();
      },
    },
  };

  beforeAll(async () => {
    const party = { ...partyDomain, resources: [...partyDomain.resources, archive] };
    s = await startTestServer(
      {},
      undefined,
      undefined,
      defaultDomains.map((d) => (d === partyDomain ? party : d)),
    );
    await sql
      .raw(
        `CREATE TABLE ${archiveDef.table} (id bigint PRIMARY KEY, tenant_id varchar(12) NOT NULL, real_name varchar(50),
          process_definition_id bigint, process_instance_id bigint, audit_status int, audit_user bigint, audit_time timestamp(0),
          audit_remark varchar(500), create_user bigint, create_dept bigint, create_time timestamp(0), update_user bigint,
          update_time timestamp(0), status int NOT NULL DEFAULT 1, is_deleted int NOT NULL DEFAULT 0);
        ALTER TABLE ${archiveDef.table} ENABLE ROW LEVEL SECURITY;
        CREATE POLICY tenant_isolation ON ${archiveDef.table} USING (tenant_id = current_setting('app.tenant_id', true));
        GRANT SELECT, INSERT, UPDATE, DELETE ON ${archiveDef.table} TO tongxin_app;`,
      )
      .execute(s.db.kysely);
  });
  afterAll(() => s?.close());

  it('starts the approval of a new record and runs the module handler when a step completes', async () => {
    const admin = await login(s.app);
    const created = await call(s.app, admin, 'POST', `${archiveDef.path}/submit`, { realName: '李四' });
    expect(created.statusCode).toBe(200);
    const id = String(created.json().data.id);
    const row = () =>
      s.db.kysely.selectFrom(archiveDef.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const started = await row();
    expect(started.audit_status).toBe(0);
    expect(started.process_instance_id).not.toBeNull();

    await addTenantWithUser(s.db, {
      tenantId: '000000',
      account: 'module_auditor',
      alias: 'admin',
      menuCodes: ['party_archive_audit', 'party_archive_audit_audit'],
    });
    const auditor = await login(s.app, { account: 'module_auditor', password: 'secret' });
    const task = await s.db.kysely
      .selectFrom('flow_task')
      .select('id')
      .where('process_instance_id', '=', String(started.process_instance_id))
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    const dealt = await call(s.app, auditor, 'POST', `${archiveDef.path}/dealProcessFlow`, {
      taskId: String(task.id),
      businessId: id,
      pass: false,
      comment: '材料不全',
    });
    expect(dealt.statusCode).toBe(200);
    expect(dealt.json().data).toMatchObject({ outcome: 'reject', auditStatus: 2 });
    expect(steps).toEqual([{ outcome: 'reject', auditStatus: 2, processKey: 'PartyArchive' }]);
    expect(await row()).toMatchObject({ real_name: '已处理:reject', audit_status: 0, audit_remark: null });
  });
});
