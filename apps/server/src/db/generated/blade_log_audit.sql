-- Generated from the resource definition "logAudit" (操作审计) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_log_audit (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  resource_name varchar(64), -- 资源
  table_name varchar(64), -- 数据表
  record_id varchar(64), -- 记录ID
  action varchar(16), -- 操作
  user_id bigint, -- 用户ID
  create_by varchar(64), -- 操作人
  before_data varchar(100000), -- 修改前
  after_data varchar(100000), -- 修改后
  create_time timestamp(0) -- 创建时间
);

CREATE INDEX IF NOT EXISTS blade_log_audit_list_idx ON blade_log_audit (tenant_id, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_log_audit_resource_name_idx ON blade_log_audit (tenant_id, resource_name, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_log_audit_record_id_idx ON blade_log_audit (tenant_id, record_id, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_log_audit_action_idx ON blade_log_audit (tenant_id, action, create_time DESC, id DESC);
CREATE INDEX IF NOT EXISTS blade_log_audit_user_id_idx ON blade_log_audit (tenant_id, user_id, create_time DESC, id DESC);

ALTER TABLE blade_log_audit ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_log_audit
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
