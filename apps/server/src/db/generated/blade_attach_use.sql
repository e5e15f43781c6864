-- Generated from the resource definition "attachUse" (使用位置) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_attach_use (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  attach_id bigint NOT NULL, -- 附件
  resource_name varchar(64) NOT NULL, -- 资源
  resource_label varchar(100), -- 所在功能
  field_name varchar(64) NOT NULL, -- 字段名
  field_label varchar(100), -- 字段
  record_id bigint NOT NULL, -- 记录ID
  record_label varchar(200), -- 记录
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1 -- audit group
);

CREATE INDEX IF NOT EXISTS blade_attach_use_list_idx ON blade_attach_use (tenant_id, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_attach_use_attach_id_idx ON blade_attach_use (tenant_id, attach_id, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_attach_use_record_id_idx ON blade_attach_use (tenant_id, record_id, create_time DESC, id DESC);

ALTER TABLE blade_attach_use ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_attach_use
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
