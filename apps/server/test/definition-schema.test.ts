import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  communityResources,
  contactPhoneResource,
  isGenerated,
  menuResource,
  partyDutyResource,
  partyResources,
  type ResourceDef,
  resources,
} from '@tongxin/resources';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Trx } from '../src/db/database.js';
import { nextId } from '../src/db/ids.js';
import { migrate } from '../src/engine/schema/migrate.js';
import { compareTable } from '../src/engine/schema/compare.js';
import { GENERATED_DIR, generatedFiles, REGENERATE } from '../src/engine/schema/generated-files.js';
import { inspectTable } from '../src/engine/schema/inspect.js';
import { openTestDatabase } from './harness.js';
import { label, loanSample } from './sample-definitions.js';

// Every definition against the live schema (information_schema, pg_indexes, pg_policies) of a freshly
// migrated database, on PGlite and on PostgreSQL: generated tables exactly (columns, types, lengths, NOT
// NULL, defaults, column groups, indexes, the tenant policy), tables of SQL migrations at least field by
// field. Then the comparison is shown to catch disagreements, and migrate() to evolve tables.

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
  await migrate(db);
});
afterAll(() => drop());

const definitions: ResourceDef[] = [...resources, menuResource];
const differences = async (def: ResourceDef) => compareTable(def, await inspectTable(db.kysely, def.table));
const indexNames = async (table: string) => [...(await inspectTable(db.kysely, table)).indexes.keys()].sort();

/** Runs `fn` in a transaction that is rolled back: the schema changes it makes vanish. */
async function inRolledBack<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  const rollback = new Error('rollback');
  await db.kysely
    .transaction()
    .execute(async (trx) => {
      result = await fn(trx);
      throw rollback;
    })
    .catch((e: unknown) => {
      if (e !== rollback) throw e;
    });
  return result as T;
}

describe('definition ⇄ schema', () => {
  it.each(definitions.map((def) => [def.name, def] as const))(
    '%s agrees with its table',
    async (_name, def) => {
      expect(await differences(def)).toEqual([]);
    },
  );

  it('every party and community resource is generated from its definition (SQL migrations are for system tables)', () => {
    const domainDefs = [...partyResources, ...communityResources];
    expect(domainDefs.length).toBeGreaterThan(1);
    expect(domainDefs.filter((d) => !isGenerated(d)).map((d) => d.name)).toEqual([]);
    expect(definitions.filter(isGenerated).map((d) => d.name)).toEqual(
      expect.arrayContaining([
        'partyDuty',
        'contactPhone',
        'logLogin',
        'logAudit',
        'onlineUser',
        'oss',
        'sms',
        'report',
        'datasource',
        'model',
        'modelPrototype',
        'code',
      ]),
    );
  });

  it('the committed SQL of every generated table is what the definitions generate', async () => {
    const files = generatedFiles(resources);
    for (const [name, text] of files)
      expect(
        await readFile(path.join(GENERATED_DIR, name), 'utf8').catch(() => '(no file)'),
        `apps/server/src/db/generated/${name} differs from its definition: run \`${REGENERATE}\` and commit it`,
      ).toBe(text);
    const committed = (await readdir(GENERATED_DIR)).filter((f) => f.endsWith('.sql'));
    expect(committed.sort(), `stale files in apps/server/src/db/generated: run \`${REGENERATE}\``).toEqual(
      [...files.keys()].sort(),
    );
  });

  it('tables that 0006 and 0012 made keep one index per shape, under their old names', async () => {
    expect(await indexNames('app_party_duty')).toEqual([
      'app_party_duty_duty_post_duty_status_idx',
      'app_party_duty_duty_post_idx',
      'app_party_duty_list_idx',
      'app_party_duty_pkey',
      'app_party_duty_status_idx',
    ]);
    expect(await indexNames('app_contact_phone')).toEqual([
      'app_contact_phone_enable_status_idx',
      'app_contact_phone_list_idx',
      'app_contact_phone_org_name_idx',
      'app_contact_phone_phone_type_idx',
      'app_contact_phone_pkey',
    ]);
  });

  it('a start with unchanged definitions applies nothing', async () => {
    expect(await migrate(db)).toEqual([]);
  });

  it('reports where a table and its definition disagree', async () => {
    const reports = await inRolledBack(async (trx) => {
      await sql`ALTER TABLE app_party_duty ALTER COLUMN member_name TYPE varchar(64)`.execute(trx);
      await sql`ALTER TABLE app_party_duty ALTER COLUMN phone SET NOT NULL`.execute(trx);
      await sql`ALTER TABLE app_party_duty ALTER COLUMN claim_type DROP DEFAULT`.execute(trx);
      await sql`ALTER TABLE app_party_duty ALTER COLUMN service_hours TYPE numeric(6,2)`.execute(trx);
      await sql`ALTER TABLE app_party_duty DROP COLUMN sign_out_time`.execute(trx);
      await sql`ALTER TABLE app_party_duty ADD COLUMN stray int`.execute(trx);
      await sql`DROP INDEX app_party_duty_duty_post_idx`.execute(trx);
      await sql`DROP INDEX app_party_duty_duty_post_duty_status_idx`.execute(trx);
      await sql`ALTER TABLE app_party_duty DISABLE ROW LEVEL SECURITY`.execute(trx);
      // the slow form 0011 replaced: current_setting() read per row
      await sql`ALTER POLICY tenant_isolation ON app_party_duty
        USING (current_setting('app.all_tenants', true) = 'on' OR tenant_id = current_setting('app.tenant_id', true))`.execute(
        trx,
      );
      await sql`ALTER TABLE blade_notice ALTER COLUMN title TYPE varchar(100)`.execute(trx);
      await sql`ALTER TABLE blade_notice ALTER COLUMN category TYPE varchar(20)`.execute(trx);
      await sql`ALTER TABLE blade_notice DROP COLUMN release_time`.execute(trx);
      const compare = async (def: ResourceDef) => compareTable(def, await inspectTable(trx, def.table));
      return {
        duty: await compare(partyDutyResource),
        notice: await compare(definitions.find((d) => d.name === 'notice')!),
      };
    });
    const slow =
      "((current_setting('app.all_tenants'::text, true) = 'on'::text) OR ((tenant_id)::text = current_setting('app.tenant_id'::text, true)))";
    const fast =
      "((( SELECT current_setting('app.all_tenants'::text, true) AS current_setting) = 'on'::text) OR ((tenant_id)::text = ( SELECT current_setting('app.tenant_id'::text, true) AS current_setting)))";
    expect(reports.duty).toEqual([
      'column member_name is varchar(64), the definition says varchar(32)',
      'column phone is NOT NULL, the definition says nullable',
      'column claim_type has DEFAULT none, the definition says 1',
      'column sign_out_time (timestamp(0)) is missing',
      'column service_hours is numeric(6,2), the definition says numeric(4,1)',
      'column stray is not in the definition',
      'index missing: CREATE INDEX IF NOT EXISTS app_party_duty_duty_post_idx ON app_party_duty (tenant_id, duty_post, duty_date DESC, id DESC) WHERE is_deleted = 0',
      'index missing: CREATE INDEX IF NOT EXISTS app_party_duty_duty_post_duty_status_idx ON app_party_duty (tenant_id, duty_post, duty_status, duty_date DESC, id DESC) WHERE is_deleted = 0',
      'row-level security is not enabled',
      `policy tenant_isolation is "${slow}" / "${fast}", the definition says "(select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true))"`,
    ]);
    expect(reports.notice).toEqual([
      "column title is varchar(100), shorter than the field's maxLength 255",
      'column category is varchar(20), the definition says int',
      'column release_time (timestamp(0)) is missing',
    ]);
    expect(await differences(partyDutyResource)).toEqual([]); // rolled back
  });

  it('creates a new definition’s table and evolves changed ones, never dropping', async () => {
    const duty: ResourceDef = {
      ...partyDutyResource,
      fields: [
        ...partyDutyResource.fields,
        { name: 'remark', kind: 'string', label: label('备注'), maxLength: 500, search: 'equal' },
      ],
      searchedTogether: [...(partyDutyResource.searchedTogether ?? []), ['remark', 'dutyStatus']],
    };
    const phone: ResourceDef = {
      ...contactPhoneResource,
      fields: contactPhoneResource.fields.filter((f) => f.name !== 'address'),
    };
    const changed = [
      ...resources.filter((d) => d !== partyDutyResource && d !== contactPhoneResource),
      duty,
      phone,
      loanSample,
    ];
    expect((await migrate(db, changed)).sort()).toEqual([
      'generated/app_contact_phone.sql',
      'generated/app_party_duty.sql',
      'generated/app_sample_loan.sql',
    ]);
    expect(await differences(loanSample)).toEqual([]);
    expect(await differences(duty)).toEqual([]);
    expect(await indexNames('app_party_duty')).toContain('app_party_duty_remark_idx');
    expect(await indexNames('app_party_duty')).toContain('app_party_duty_remark_duty_status_idx');
    // A column the definition no longer names stays (dropping it is a SQL migration's decision).
    expect(await differences(phone)).toEqual(['column address is not in the definition']);
    expect(await migrate(db, changed)).toEqual([]);

    // The new table works for the application role: tenant policy, unique code per tenant among live rows.
    const row = (tenant: string, code: string, isDeleted = 0) => ({
      id: nextId(),
      tenant_id: tenant,
      code,
      apply_time: '2026-01-02 03:04:05',
      is_deleted: isDeleted,
    });
    await db.tx({ tenantId: '000000' }, (trx) =>
      trx.insertInto('app_sample_loan').values(row('000000', 'A1')).execute(),
    );
    await db.tx({ tenantId: '000000' }, (trx) =>
      trx
        .insertInto('app_sample_loan')
        .values(row('000000', 'A1', 1))
        .execute(),
    );
    await db.tx({ tenantId: '100001' }, (trx) =>
      trx.insertInto('app_sample_loan').values(row('100001', 'A1')).execute(),
    );
    await expect(
      db.tx({ tenantId: '000000' }, (trx) =>
        trx.insertInto('app_sample_loan').values(row('000000', 'A1')).execute(),
      ),
    ).rejects.toThrow(/app_sample_loan_code_uq/);
    await expect(
      db.tx({ tenantId: '000000' }, (trx) =>
        trx.insertInto('app_sample_loan').values(row('100001', 'B1')).execute(),
      ),
    ).rejects.toThrow(/row-level security/);
    const seen = await db.tx({ tenantId: '100001' }, (trx) =>
      trx.selectFrom('app_sample_loan').select(['tenant_id', 'code']).execute(),
    );
    expect(seen).toEqual([{ tenant_id: '100001', code: 'A1' }]);

    // A required column cannot appear in rows that exist: a SQL migration must add and fill it first.
    const required: ResourceDef = {
      ...loanSample,
      fields: [
        ...loanSample.fields,
        { name: 'owner', kind: 'string', label: label('借用人'), required: true },
      ],
    };
    await expect(migrate(db, [...changed.filter((d) => d !== loanSample), required])).rejects.toThrow(
      'app_sample_loan.owner: a NOT NULL column without a default cannot be added to a table with rows.',
    );
    expect((await inspectTable(db.kysely, 'app_sample_loan')).columns.has('owner')).toBe(false);
  });
});
