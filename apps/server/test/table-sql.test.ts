import { type FieldDef, hasProcess, type ResourceDef } from '@tongxin/resources';
import { describe, expect, it } from 'vitest';
import { tableSql } from '../src/engine/schema/table-sql.js';
import { label, loanSample } from './sample-definitions.js';

// tableSql() for sample definitions: the DDL a DBA reviews in apps/server/src/db/generated/.

const POLICY =
  "(select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true))";

describe('tableSql', () => {
  it('writes the table, its column groups, its indexes and the tenant policy', () => {
    const t = tableSql(loanSample);
    expect(hasProcess(loanSample)).toBe(true);
    expect(t.createTable).toBe(
      [
        'CREATE TABLE IF NOT EXISTS app_sample_loan (',
        '  id bigint PRIMARY KEY, -- primary key',
        '  tenant_id varchar(12) NOT NULL, -- tenant group',
        '  code varchar(32) NOT NULL, -- 编号',
        '  title varchar(255), -- 标题',
        '  category varchar(64), -- 类别',
        '  amount numeric(12,2), -- 金额',
        '  apply_time timestamp(0) NOT NULL, -- 申请时间',
        '  note text, -- 备注',
        '  content text, -- 内容',
        '  user_ids varchar(2000), -- 经办人',
        '  owner_id bigint, -- 负责人',
        '  mobile varchar(32), -- 手机',
        '  loan_date date, -- 借用日期',
        '  returned int NOT NULL DEFAULT 0, -- 已归还',
        '  state int DEFAULT 0, -- 状态',
        '  process_definition_id bigint, -- approval group',
        '  process_instance_id bigint, -- approval group',
        '  audit_status int, -- approval group',
        '  audit_user bigint, -- approval group',
        '  audit_time timestamp(0), -- approval group',
        '  audit_remark varchar(500), -- approval group',
        '  create_user bigint, -- audit group',
        '  create_dept bigint, -- audit group',
        '  create_time timestamp(0), -- audit group',
        '  update_user bigint, -- audit group',
        '  update_time timestamp(0), -- audit group',
        '  status int NOT NULL DEFAULT 1, -- audit group',
        '  is_deleted int NOT NULL DEFAULT 0, -- softDelete group',
        '  version int NOT NULL DEFAULT 1 -- version group',
        ')',
      ].join('\n'),
    );
    expect(t.indexes.map(t.createIndex)).toEqual([
      'CREATE INDEX IF NOT EXISTS app_sample_loan_list_idx ON app_sample_loan (tenant_id, apply_time DESC, id DESC) WHERE is_deleted = 0',
      'CREATE INDEX IF NOT EXISTS app_sample_loan_category_idx ON app_sample_loan (tenant_id, category, apply_time DESC, id DESC) WHERE is_deleted = 0',
      'CREATE INDEX IF NOT EXISTS app_sample_loan_owner_id_idx ON app_sample_loan (tenant_id, owner_id, apply_time DESC, id DESC) WHERE is_deleted = 0',
      // sortable title; applyTime is sortable too, but the list index already reads in its order
      'CREATE INDEX IF NOT EXISTS app_sample_loan_title_idx ON app_sample_loan (tenant_id, title) WHERE is_deleted = 0',
      'CREATE UNIQUE INDEX IF NOT EXISTS app_sample_loan_code_uq ON app_sample_loan (tenant_id, code) WHERE is_deleted = 0',
    ]);
    expect(t.enableRowSecurity).toBe('ALTER TABLE app_sample_loan ENABLE ROW LEVEL SECURITY');
    expect(t.createPolicy).toBe(
      `CREATE POLICY tenant_isolation ON app_sample_loan\n  USING (${POLICY})\n  WITH CHECK (${POLICY})`,
    );
    expect(t.addColumn(t.columns.find((c) => c.name === 'returned')!)).toBe(
      'ALTER TABLE app_sample_loan ADD COLUMN IF NOT EXISTS returned int NOT NULL DEFAULT 0',
    );
    // The committed file holds every statement, in order.
    expect(t.text).toContain(
      `${t.createTable};\n\n${t.indexes.map((ix) => `${t.createIndex(ix)};`).join('\n')}`,
    );
    expect(t.text).toContain(`${t.enableRowSecurity};\n${t.createPolicy};\n`);
  });

  it('leaves out the groups a definition opts out of', () => {
    const t = tableSql({
      ...loanSample,
      tenant: false,
      audit: false,
      softDelete: false,
      process: undefined,
      version: false,
      defaultSort: undefined,
      fields: [{ name: 'code', kind: 'string', label: label('编号'), unique: '编号已存在', search: 'equal' }],
    });
    expect(t.columns.map((c) => c.name)).toEqual(['id', 'code']);
    expect(t.indexes.map(t.createIndex)).toEqual([
      'CREATE INDEX IF NOT EXISTS app_sample_loan_code_idx ON app_sample_loan (code, id DESC)',
      'CREATE UNIQUE INDEX IF NOT EXISTS app_sample_loan_code_uq ON app_sample_loan (code)',
    ]);
    expect(t.enableRowSecurity).toBeUndefined();
    expect(t.createPolicy).toBeUndefined();
    expect(t.text).not.toContain('POLICY');
  });

  it('refuses names that cannot stand bare in SQL and columns declared twice', () => {
    const withField = (f: FieldDef): ResourceDef => ({ ...loanSample, defaultSort: undefined, fields: [f] });
    expect(() => tableSql({ ...loanSample, table: 'app-loan' })).toThrow(/sampleLoan.table: "app-loan"/);
    expect(() => tableSql(withField({ name: 'order', kind: 'int', label: label('顺序') }))).toThrow(
      /sampleLoan.order: "order" is not a usable SQL name/,
    );
    expect(() =>
      tableSql(
        withField({ name: 'x', column: "x'; drop table blade_user; --", kind: 'int', label: label('x') }),
      ),
    ).toThrow(/not a usable SQL name/);
    expect(() => tableSql(withField({ name: 'status', kind: 'int', label: label('状态') }))).toThrow(
      /column status is declared twice/,
    );
    expect(() =>
      tableSql(withField({ name: 'list', kind: 'int', label: label('清单'), search: 'equal' })),
    ).toThrow(/two indexes are named app_sample_loan_list_idx/);
    expect(() => tableSql({ ...loanSample, searchedTogether: [['code', 'nobody']] })).toThrow(
      /sampleLoan: searchedTogether names nobody, which is not a field/,
    );
    expect(() => tableSql({ ...loanSample, searchedTogether: [['code']] })).toThrow(/at least two fields/);
    expect(() =>
      tableSql(withField({ name: 'n', kind: 'int', label: label('n'), defaultValue: "1'; --" })),
    ).toThrow(/default .* is not a number/);
    expect(
      tableSql(withField({ name: 's', kind: 'string', label: label('s'), defaultValue: "it's" })).createTable,
    ).toContain("s varchar(255) DEFAULT 'it''s',");
  });
});
