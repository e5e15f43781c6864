-- Generated from the resource definition "userUpdateLog" (资料审核) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS blade_update_user_log (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  app_user_id bigint NOT NULL, -- 用户
  change_type int NOT NULL, -- 变更类型
  changed_fields varchar(200), -- 变更字段
  change_summary varchar(4000), -- 变更前 → 变更后
  before_json text NOT NULL, -- 变更前
  after_json text NOT NULL, -- 变更内容
  need_audit int NOT NULL DEFAULT 1, -- 需审核
  client_ip varchar(64), -- 来源IP
  client_type int, -- 终端
  process_definition_id bigint, -- approval group
  process_instance_id bigint, -- approval group
  audit_status int, -- approval group
  audit_user bigint, -- approval group
  audit_time timestamp(0), -- approval group
  audit_remark varchar(500), -- approval group
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS blade_update_user_log_list_idx ON blade_update_user_log (tenant_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_update_user_log_app_user_id_idx ON blade_update_user_log (tenant_id, app_user_id, create_time DESC, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS blade_update_user_log_change_type_idx ON blade_update_user_log (tenant_id, change_type, create_time DESC, id DESC) WHERE is_deleted = 0;

ALTER TABLE blade_update_user_log ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON blade_update_user_log
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
