-- Generated from the resource definition "report" (报表管理) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_report_file (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  name varchar(100) NOT NULL, -- 文件名
  content varchar(1000000), -- 文件内容
  create_time timestamp(0), -- 创建时间
  update_time timestamp(0), -- 更新时间
  is_deleted int NOT NULL DEFAULT 0 -- softDelete group
);

CREATE INDEX IF NOT EXISTS blade_report_file_list_idx ON blade_report_file (tenant_id, update_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_report_file_name_idx ON blade_report_file (tenant_id, name) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_report_file_create_time_idx ON blade_report_file (tenant_id, create_time) WHERE is_deleted = 0;

ALTER TABLE blade_report_file ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_report_file
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
