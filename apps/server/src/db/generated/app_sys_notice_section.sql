-- Generated from the resource definition "sysNoticeSection" (公告栏目) by apps/server/src/engine/schema.
-- Do not edit: change the definition, then run `pnpm --filter @tongxin/server schema:sql`.
-- On an empty database these statements run as written. On an existing one migrate() runs only those
-- for what is missing (the table, a column, an index, the policy); it never drops or changes anything,
-- and an index of the same shape under another name counts as present.

CREATE TABLE IF NOT EXISTS app_sys_notice_section (
  id bigint PRIMARY KEY, -- primary key
  tenant_id varchar(12) NOT NULL, -- tenant group
  parent_id bigint DEFAULT 0, -- 上级栏目
  section_name varchar(50) NOT NULL, -- 栏目名称
  section_name_bo varchar(100), -- 栏目名称(藏文)
  section_code varchar(32), -- 栏目编码
  icon varchar(500), -- 图标
  sort int NOT NULL DEFAULT 1, -- 排序
  show_in_app int NOT NULL DEFAULT 1, -- App展示
  enable_status int NOT NULL DEFAULT 1, -- 启用
  create_user bigint, -- audit group
  create_dept bigint, -- audit group
  create_time timestamp(0), -- audit group
  update_user bigint, -- audit group
  update_time timestamp(0), -- audit group
  status int NOT NULL DEFAULT 1, -- audit group
  is_deleted int NOT NULL DEFAULT 0, -- softDelete group
  version int NOT NULL DEFAULT 1 -- version group
);

CREATE INDEX IF NOT EXISTS app_sys_notice_section_list_idx ON app_sys_notice_section (tenant_id, sort, id DESC) WHERE is_deleted = 0;
CREATE INDEX IF NOT EXISTS app_sys_notice_section_enable_status_idx ON app_sys_notice_section (tenant_id, enable_status, sort, id DESC) WHERE is_deleted = 0;

ALTER TABLE app_sys_notice_section ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON app_sys_notice_section
  USING ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)))
  WITH CHECK ((select current_setting('app.all_tenants', true)) = 'on' OR tenant_id = (select current_setting('app.tenant_id', true)));
