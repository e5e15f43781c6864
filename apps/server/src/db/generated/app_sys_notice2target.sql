-- Generated from the resource definition "sysNotice2target" (通知对象) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_notice2target (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  notice_id bigint NOT NULL, -- 通知
  target_user_id bigint NOT NULL, -- 接收人
  community_id bigint, -- 所属社区
  read_status int NOT NULL DEFAULT 0, -- 阅读状态
  read_time timestamp(0), -- 阅读时间
  confirm_status int NOT NULL DEFAULT 0, -- 回执确认
  contact_status int NOT NULL DEFAULT 0, -- 已电话联系
  contact_time timestamp(0), -- 联系时间
  contact_user_id bigint, -- 联系人
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_sys_notice2target_list_idx ON app_sys_notice2target (tenant_id, read_status, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice2target_notice_id_idx ON app_sys_notice2target (tenant_id, notice_id, read_status, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice2target_target_user_id_idx ON app_sys_notice2target (tenant_id, target_user_id, read_status, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice2target_community_id_idx ON app_sys_notice2target (tenant_id, community_id, read_status, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice2target_read_status_idx ON app_sys_notice2target (tenant_id, read_status, read_status, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_notice2target ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_notice2target
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
